import { useState, type ReactNode } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import type { Reviewer } from '../api/notes';
import { SendForReviewDialog } from './send-for-review-dialog';
import type { RunProtected, StepRunner } from './steps';

export type SignFlowOptions = {
  what: 'note' | 'addendum';
  /** The author has a supervisor: signing sends it for review instead of locking it. */
  sendsForReview: boolean;
  reviewers: readonly Reviewer[];
  runProtected: RunProtected;
  runner: StepRunner;
  sign: (reviewerTherapistId?: number) => Promise<void>;
  success: { signed: string; sent: string };
};

/**
 * Signing, asked first (a signature cannot be taken back) and run once the password was
 * verified. A supervisee sends it for review instead, choosing the supervisor when there
 * are several.
 */
export function useSignFlow(options: SignFlowOptions): {
  start: () => Promise<void>;
  dialog: ReactNode;
} {
  const { what, sendsForReview, reviewers, runProtected, runner, sign, success } = options;
  const confirm = useConfirm();
  const [choosing, setChoosing] = useState(false);

  const signNow = (reviewerTherapistId?: number) =>
    runner.run(
      () => runProtected(() => sign(reviewerTherapistId)),
      sendsForReview ? success.sent : success.signed,
    );

  async function start(): Promise<void> {
    if (!sendsForReview) {
      const ok = await confirm({
        title: `Sign and lock this ${what}?`,
        message: `Once signed, the ${what} cannot be changed.${what === 'note' ? ' Corrections are made as addenda.' : ''}`,
        confirmText: 'Sign',
        color: 'primary',
      });
      if (ok) await signNow();
      return;
    }
    if (reviewers.length > 1) {
      runner.setError(null);
      setChoosing(true);
      return;
    }
    const only = reviewers[0];
    const ok = await confirm({
      title: `Send this ${what} for review?`,
      message: `${only ? only.name : 'Your supervisor'} reviews it and co-signs it or returns it with feedback. You cannot change it meanwhile.`,
      confirmText: 'Send for review',
      color: 'primary',
    });
    if (ok) await signNow(only?.therapistId);
  }

  const dialog = choosing ? (
    <SendForReviewDialog
      what={what}
      reviewers={reviewers}
      busy={runner.busy}
      error={runner.error}
      onSubmit={(id) => {
        void signNow(id).then((done) => {
          if (done) setChoosing(false);
        });
      }}
      onClose={() => {
        setChoosing(false);
      }}
    />
  ) : null;

  return { start, dialog };
}
