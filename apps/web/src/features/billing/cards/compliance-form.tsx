import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useSaveCompliance, type ComplianceView } from './processors-api';

type Answer = 'yes' | 'no' | 'notApplicable';

const LABELS: Record<Answer, string> = { yes: 'Yes', no: 'No', notApplicable: 'Not applicable' };

/** The questions as radio groups; what was answered last is where the owner starts. */
export function ComplianceForm({ view }: { view: ComplianceView }) {
  const save = useSaveCompliance();
  const [answers, setAnswers] = useState<Record<string, Answer>>(() => view.current?.answers ?? {});
  const [name, setName] = useState(view.current?.attestedName ?? '');
  const [title, setTitle] = useState(view.current?.attestedTitle ?? '');
  const unanswered = view.questions.filter((q) => answers[q.id] === undefined).length;
  return (
    <Stack
      component="form"
      spacing={2}
      aria-label="Answer the compliance questions"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          processorId: view.processor.processorId,
          answers,
          attestedName: name.trim(),
          attestedTitle: title.trim(),
        });
      }}
    >
      {view.questions.map((question, index) => (
        <FormControl key={question.id} component="fieldset">
          <FormLabel component="legend">
            {index + 1}. {question.text} <em>({question.reference})</em>
          </FormLabel>
          <RadioGroup
            row
            name={question.id}
            value={answers[question.id] ?? ''}
            onChange={(_event, value) => {
              setAnswers((old) => ({ ...old, [question.id]: value as Answer }));
            }}
          >
            {(['yes', 'no', 'notApplicable'] as const)
              .filter((a) => a !== 'notApplicable' || question.allowsNotApplicable)
              .map((a) => (
                <FormControlLabel key={a} value={a} control={<Radio />} label={LABELS[a]} />
              ))}
          </RadioGroup>
        </FormControl>
      ))}
      <Typography variant="body2">
        By sending these answers you attest, for the practice, that they are true.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Your name"
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField
          label="Your title"
          required
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      </Stack>
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && <Alert severity="success">Your answers were saved.</Alert>}
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        disabled={unanswered > 0}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save the answers
      </Button>
      {unanswered > 0 && (
        <Typography variant="body2">
          {unanswered === 1 ? '1 question is' : `${String(unanswered)} questions are`} not answered
          yet.
        </Typography>
      )}
    </Stack>
  );
}
