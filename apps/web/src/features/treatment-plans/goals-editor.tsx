import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_LIMITS } from '@openpractice/domain';

import type { PlanContent } from './api';

type Goal = PlanContent['goals'][number];
type Objective = Goal['objectives'][number];

let counter = 0;
/** A short id for a new goal or objective, unique within the plan (progress is kept by it). */
function newId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Long-term goals, each with measurable objectives and their target dates. */
export function GoalsEditor({
  goals,
  onChange,
}: {
  goals: Goal[];
  onChange: (next: Goal[]) => void;
}) {
  const setGoal = (index: number, next: Goal) => {
    onChange(goals.map((g, i) => (i === index ? next : g)));
  };
  return (
    <Stack spacing={2}>
      {goals.map((goal, g) => (
        <Box
          key={goal.id}
          component="fieldset"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
        >
          <Typography component="legend" sx={{ px: 0.5 }}>
            Goal {g + 1}
          </Typography>
          <Stack spacing={1.5}>
            <TextField
              label={`Goal ${g + 1}`}
              value={goal.text}
              multiline
              slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.goalText } }}
              onChange={(e) => {
                setGoal(g, { ...goal, text: e.target.value });
              }}
            />
            {goal.objectives.map((objective, o) => (
              <ObjectiveRow
                key={objective.id}
                name={`Objective ${g + 1}.${o + 1}`}
                objective={objective}
                onChange={(next) => {
                  setGoal(g, {
                    ...goal,
                    objectives: goal.objectives.map((x, i) => (i === o ? next : x)),
                  });
                }}
                onRemove={() => {
                  setGoal(g, { ...goal, objectives: goal.objectives.filter((_, i) => i !== o) });
                }}
              />
            ))}
            <Stack direction="row" spacing={1}>
              <Button
                disabled={goal.objectives.length >= PLAN_LIMITS.objectivesPerGoal}
                onClick={() => {
                  setGoal(g, {
                    ...goal,
                    objectives: [
                      ...goal.objectives,
                      { id: newId('o'), text: '', targetDate: null },
                    ],
                  });
                }}
              >
                Add an objective to goal {g + 1}
              </Button>
              <Button
                color="error"
                onClick={() => {
                  onChange(goals.filter((_, i) => i !== g));
                }}
              >
                Remove goal {g + 1}
              </Button>
            </Stack>
          </Stack>
        </Box>
      ))}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        disabled={goals.length >= PLAN_LIMITS.goals}
        onClick={() => {
          onChange([
            ...goals,
            {
              id: newId('g'),
              text: '',
              objectives: [{ id: newId('o'), text: '', targetDate: null }],
            },
          ]);
        }}
      >
        Add a goal
      </Button>
    </Stack>
  );
}

function ObjectiveRow({
  name,
  objective,
  onChange,
  onRemove,
}: {
  name: string;
  objective: Objective;
  onChange: (next: Objective) => void;
  onRemove: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <TextField
        label={name}
        value={objective.text}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.goalText } }}
        onChange={(e) => {
          onChange({ ...objective, text: e.target.value });
        }}
      />
      <TextField
        label={`${name} target date`}
        type="date"
        value={objective.targetDate ?? ''}
        slotProps={{ inputLabel: { shrink: true } }}
        onChange={(e) => {
          onChange({ ...objective, targetDate: e.target.value === '' ? null : e.target.value });
        }}
      />
      <Button color="error" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </Stack>
  );
}
