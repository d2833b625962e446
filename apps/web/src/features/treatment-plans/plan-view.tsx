import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsDate, GOAL_PROGRESS_LABELS, type GoalProgress } from '@openpractice/domain';
import type { ReactNode } from 'react';

import type { Diagnosis, PlanContent, PlanTemplate } from './api';

/**
 * A plan read-only, in its template's order and titles: on the staff page for a signed
 * version and in the portal for the client. `progressOf` adds each goal's current progress.
 */
export function PlanView({
  template,
  content,
  diagnoses,
  progressOf,
  goalAction,
}: {
  template: PlanTemplate;
  content: PlanContent;
  diagnoses: readonly Diagnosis[];
  progressOf?: (goalId: string) => GoalProgress;
  goalAction?: (goalId: string, goalText: string) => ReactNode;
}) {
  return (
    <Stack spacing={2}>
      {template.definition.sections.map((section) => (
        <Box component="section" key={section.key} aria-labelledby={`plan-view-${section.key}`}>
          <Typography id={`plan-view-${section.key}`} component="h2" variant="h6">
            {section.title}
          </Typography>
          {section.key === 'diagnoses' ? (
            <DiagnosisList diagnoses={diagnoses} />
          ) : section.key === 'goals' ? (
            <GoalList content={content} progressOf={progressOf} goalAction={goalAction} />
          ) : (
            <TextSection text={content[section.key]} />
          )}
        </Box>
      ))}
    </Stack>
  );
}

function TextSection({ text }: { text: string }) {
  if (text.trim() === '') return <Typography color="text.secondary">Not filled in.</Typography>;
  return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{text}</Typography>;
}

function DiagnosisList({ diagnoses }: { diagnoses: readonly Diagnosis[] }) {
  if (diagnoses.length === 0) return <Typography color="text.secondary">None yet.</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3 }}>
      {diagnoses.map((d) => (
        <li key={d.code}>
          {d.code} {d.description}
        </li>
      ))}
    </Box>
  );
}

function GoalList({
  content,
  progressOf,
  goalAction,
}: {
  content: PlanContent;
  progressOf?: ((goalId: string) => GoalProgress) | undefined;
  goalAction?: ((goalId: string, goalText: string) => ReactNode) | undefined;
}) {
  if (content.goals.length === 0) return <Typography color="text.secondary">None yet.</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3 }}>
      {content.goals.map((goal) => (
        <Box component="li" key={goal.id} sx={{ mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {goal.text}
            {progressOf ? ` — ${GOAL_PROGRESS_LABELS[progressOf(goal.id)]}` : ''}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {goal.objectives.map((o) => (
              <li key={o.id}>
                {o.text}
                {o.targetDate ? ` (target ${formatUsDate(o.targetDate)})` : ''}
              </li>
            ))}
          </Box>
          {goalAction?.(goal.id, goal.text)}
        </Box>
      ))}
    </Box>
  );
}
