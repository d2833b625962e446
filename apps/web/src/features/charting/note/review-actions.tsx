import Button from '@mui/material/Button';
import { NOTE_MESSAGES } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import type { RunProtected, StepRunner } from './steps';
import { TextStepDialog } from './text-step-dialog';

/**
 * The supervisor's two answers to a note (or addendum) sent for review: return it with
 * feedback (a comment is required), or co-sign it, which locks it (password verified first).
 */
export function ReviewActions({
  what,
  authorName,
  runner,
  runProtected,
  onReturn,
  onCosign,
  success,
}: {
  what: 'note' | 'addendum';
  authorName: string;
  runner: StepRunner;
  runProtected: RunProtected;
  onReturn: (comment: string) => Promise<void>;
  onCosign: () => Promise<void>;
  success: { returned: string; cosigned: string };
}) {
  const confirm = useConfirm();
  const [returning, setReturning] = useState(false);

  async function cosign() {
    const ok = await confirm({
      title: `Co-sign and lock this ${what}?`,
      message: `Your signature joins ${authorName}'s and the ${what} is locked.`,
      confirmText: 'Co-sign',
      color: 'primary',
    });
    if (ok) await runner.run(() => runProtected(onCosign), success.cosigned);
  }

  return (
    <>
      <Button
        variant="outlined"
        disabled={runner.busy}
        onClick={() => {
          runner.setError(null);
          setReturning(true);
        }}
      >
        Return with feedback
      </Button>
      <Button variant="contained" disabled={runner.busy} onClick={() => void cosign()}>
        Co-sign
      </Button>
      {returning && (
        <TextStepDialog
          title={`Return the ${what} with feedback`}
          description={`${authorName} sees your feedback, changes the ${what} and sends it again.`}
          label="Feedback"
          submitText="Return with feedback"
          requiredMessage={NOTE_MESSAGES.emptyFeedback}
          maxLength={4000}
          busy={runner.busy}
          error={runner.error}
          onSubmit={(comment) => {
            void runner
              .run(async () => {
                await onReturn(comment);
                return true;
              }, success.returned)
              .then((done) => {
                if (done) setReturning(false);
              });
          }}
          onClose={() => {
            setReturning(false);
          }}
        />
      )}
    </>
  );
}

/** A manager unlocks a locked note where the practice allows it: a reason, then the password. */
export function UnlockAction({
  therapistName,
  runner,
  runProtected,
  onUnlock,
  success,
}: {
  therapistName: string;
  runner: StepRunner;
  runProtected: RunProtected;
  onUnlock: (reason: string) => Promise<void>;
  success: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        disabled={runner.busy}
        onClick={() => {
          runner.setError(null);
          setOpen(true);
        }}
      >
        Unlock
      </Button>
      {open && (
        <TextStepDialog
          title="Unlock this note?"
          description={`Unlocking opens a new draft version for ${therapistName} to change and sign again. The signed version and its signatures stay in the history.`}
          label="Reason for unlocking"
          submitText="Unlock"
          requiredMessage="Say why the note is unlocked."
          maxLength={500}
          color="warning"
          busy={runner.busy}
          error={runner.error}
          onSubmit={(reason) => {
            void runner
              .run(() => runProtected(() => onUnlock(reason)), success)
              .then((done) => {
                if (done) setOpen(false);
              });
          }}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
