import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormAnswers } from '@openpractice/domain';
import { useState } from 'react';

import { ApiError, errorMessage } from '../../lib/api-errors';
import { QuestionnaireForm, useQuestionnaireForm } from '../../ui/questionnaire';
import { useResponseStep, type ResponseDetail } from './api';
import { useAutosave, type SaveState } from './use-autosave';
import { differs, forgetUnsaved, readUnsaved } from './unsaved-answers';

const SAVE_WORDS: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'All answers saved.',
  failed:
    'Not saved yet: your answers are kept on this device and saved when the connection is back.',
};

/** Answers typed on this device that the server never got, offered back. */
function RestoreOffer({
  at,
  onRestore,
  onDiscard,
}: {
  at: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert
      severity="info"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onRestore}>
            Restore
          </Button>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
        </Stack>
      }
    >
      Some answers typed on this device on {new Date(at).toLocaleString()} were not saved. Restore
      them?
    </Alert>
  );
}

/**
 * Filling in a form, by the client in the portal or by staff with the client in session
 * (`portal` picks the calls): saved as one goes (useAutosave), kept answers offered back,
 * submitted; a refusal naming an item is shown on that item.
 */
export function FillForm({ detail, portal }: { detail: ResponseDetail; portal: boolean }) {
  const id = detail.assignment.id;
  const scope = portal ? 'portal' : 'staff';
  const qf = useQuestionnaireForm(detail.questionnaire, detail.answers);
  const step = useResponseStep(id, portal);
  const autosave = useAutosave(qf, id, portal);
  const [problem, setProblem] = useState<string | null>(null);
  const [offer, setOffer] = useState(() => {
    const kept = readUnsaved(scope, id);
    return kept && differs(kept.answers, detail.answers) ? kept : null;
  });
  const submitting = step.isPending && step.variables.step === 'submit';

  const restore = (answers: FormAnswers) => {
    qf.reset(answers);
    setOffer(null);
    step.mutate(
      { step: 'save', answers },
      {
        onSuccess: () => {
          forgetUnsaved(scope, id);
          autosave.setSaveState('saved');
        },
        onError: () => {
          autosave.setSaveState('failed');
        },
      },
    );
  };
  const submit = async () => {
    setProblem(null);
    if (!(await qf.validateForSubmit())) return;
    autosave.cancel();
    try {
      await step.mutateAsync({ step: 'submit', answers: qf.answers() });
      forgetUnsaved(scope, id);
    } catch (error) {
      const shown =
        error instanceof ApiError &&
        error.status === 400 &&
        qf.showServerError(error.field, error.message);
      if (!shown) setProblem(errorMessage(error));
    }
  };

  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {offer && (
        <RestoreOffer
          at={offer.at}
          onRestore={() => {
            restore(offer.answers);
          }}
          onDiscard={() => {
            forgetUnsaved(scope, id);
            setOffer(null);
          }}
        />
      )}
      <QuestionnaireForm
        questionnaire={detail.questionnaire}
        control={qf.control}
        disabled={submitting}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Button type="submit" variant="contained" disabled={submitting}>
          Submit
        </Button>
        <Typography
          role="status"
          aria-live="polite"
          color={autosave.saveState === 'failed' ? 'error' : 'text.secondary'}
        >
          {SAVE_WORDS[autosave.saveState]}
        </Typography>
      </Stack>
    </Stack>
  );
}
