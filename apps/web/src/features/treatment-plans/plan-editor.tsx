import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_LIMITS } from '@openpractice/domain';
import { useState, type Dispatch, type SetStateAction } from 'react';

import { errorMessage } from '../../lib/api-errors';
import { useConfirm } from '../../ui/confirm/use-confirm';
import { useNotify } from '../../ui/snackbar/use-notify';
import { usePlanStep, useSavePlan, type Diagnosis, type PlanContent, type PlanDetail } from './api';
import { DiagnosisPicker } from './diagnosis-picker';
import { GoalsEditor } from './goals-editor';

export type RunProtected = (action: () => Promise<void> | void) => Promise<boolean>;

/**
 * A draft plan, section by section in its template's order. Saving keeps the draft; signing
 * saves it, asks once (a signature cannot be taken back) and runs after the password check.
 */
export function PlanEditor({
  plan,
  runProtected,
}: {
  plan: PlanDetail;
  runProtected: RunProtected;
}) {
  const [content, setContent] = useState(plan.content);
  const [diagnoses, setDiagnoses] = useState<Diagnosis[]>(plan.diagnoses);
  const [reviewDate, setReviewDate] = useState(plan.reviewDate);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePlan(plan.planId);
  const step = usePlanStep(plan.planId);
  const confirm = useConfirm();
  const notify = useNotify();
  const busy = save.isPending || step.isPending;

  const saveDraft = async () => {
    const answer = await save.mutateAsync({
      content: { ...content, diagnoses: diagnoses.map((d) => d.code) },
      reviewDate,
      updatedAt: plan.updatedAt,
    });
    return answer.data;
  };

  const onSave = async () => {
    setError(null);
    try {
      await saveDraft();
      notify.success('Draft saved.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const onSign = async () => {
    setError(null);
    const ok = await confirm({
      title: 'Sign this treatment plan?',
      message: 'Once signed, this version cannot be changed; a revision becomes a new version.',
      confirmText: 'Sign',
      color: 'primary',
    });
    if (!ok) return;
    try {
      await saveDraft();
      const done = await runProtected(async () => {
        await step.mutateAsync('sign');
      });
      if (done) notify.success('Treatment plan signed.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack
      spacing={3}
      component="form"
      aria-label="Treatment plan"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      {plan.template.definition.sections.map((section) => (
        <SectionField
          key={section.key}
          section={section}
          content={content}
          setContent={setContent}
          diagnoses={diagnoses}
          setDiagnoses={setDiagnoses}
        />
      ))}
      <TextField
        label="Review date"
        type="date"
        value={reviewDate}
        slotProps={{ inputLabel: { shrink: true } }}
        onChange={(e) => {
          setReviewDate(e.target.value);
        }}
        sx={{ maxWidth: 220 }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" disabled={busy} onClick={() => void onSave()}>
          Save draft
        </Button>
        {plan.actions.canSign && (
          <Button variant="contained" disabled={busy} onClick={() => void onSign()}>
            Sign
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

type Section = PlanDetail['template']['definition']['sections'][number];

/** One section of the draft: the diagnosis picker, the goals, or a text box. */
function SectionField({
  section,
  content,
  setContent,
  diagnoses,
  setDiagnoses,
}: {
  section: Section;
  content: PlanContent;
  setContent: Dispatch<SetStateAction<PlanContent>>;
  diagnoses: Diagnosis[];
  setDiagnoses: (next: Diagnosis[]) => void;
}) {
  const key = section.key;
  return (
    <Stack spacing={1} component="section" aria-labelledby={`plan-edit-${key}`}>
      <Typography id={`plan-edit-${key}`} component="h2" variant="h6">
        {section.title}
        {section.required ? ' (required)' : ''}
      </Typography>
      {section.help !== '' && <Typography color="text.secondary">{section.help}</Typography>}
      {key === 'diagnoses' ? (
        <DiagnosisPicker
          value={diagnoses}
          onChange={setDiagnoses}
          label="Add a diagnosis (ICD-10)"
        />
      ) : key === 'goals' ? (
        <GoalsEditor
          goals={content.goals}
          onChange={(goals) => {
            setContent((c) => ({ ...c, goals }));
          }}
        />
      ) : (
        <TextField
          label={section.title}
          value={content[key]}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.text } }}
          onChange={(e) => {
            setContent((c) => ({ ...c, [key]: e.target.value }));
          }}
        />
      )}
    </Stack>
  );
}
