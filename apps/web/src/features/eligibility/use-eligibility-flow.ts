import { stepAfterCheck, type EligibilityStep } from '@openpractice/domain';
import { useState } from 'react';

import { ApiError } from '../../lib/api-client';
import { useNotify } from '../../ui/snackbar/use-notify';
import {
  useLoadHistoryItem,
  useRunCheck,
  type EligibilityDefaults,
  type EligibilityRequestSummary,
} from './api';
import type { CheckProblem } from './create-report-form';
import { toRequest, type CreateValues } from './create-values';
import { MESSAGES } from './messages';

/**
 * The check flow's state: which step is shown, the report reviewed, the values last sent (kept
 * when the user comes back to Create) and why the last check did not reach Review (spec-1 §4).
 * A check moves on to Review when it succeeded with no failure message; a history item that
 * loads moves there too; New check returns to Create.
 */
export function useEligibilityFlow(patientId: number) {
  const runCheck = useRunCheck(patientId);
  const loadItem = useLoadHistoryItem(patientId);
  const notify = useNotify();
  const [step, setStep] = useState<EligibilityStep>('create');
  const [report, setReport] = useState<EligibilityRequestSummary | null>(null);
  const [values, setValues] = useState<CreateValues | null>(null);
  const [problem, setProblem] = useState<CheckProblem | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);

  const run = (
    next: CreateValues,
    defaults: EligibilityDefaults,
    setFieldError: (field: string, message: string) => boolean,
  ) => {
    setValues(next);
    setProblem(null);
    runCheck.mutate(toRequest(patientId, next, defaults), {
      onSuccess: (summary) => {
        if (stepAfterCheck(summary) === 'review') {
          setReport(summary);
          setStep('review');
        } else if (summary.failureMessage !== null) {
          setProblem({ kind: 'failure', message: summary.failureMessage });
        } else {
          setProblem({ kind: 'error', message: summary.errorMessage ?? '' });
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          // A refused request says what to fix, on the field when it is one of ours.
          if (!setFieldError(error.field ?? '', error.message)) {
            setProblem({ kind: 'invalid', message: error.message });
          }
          return;
        }
        notify.error(MESSAGES.runCheck);
      },
    });
  };

  const choose = (eligibilityRequestId: number) => {
    setLoadingId(eligibilityRequestId);
    loadItem.mutate(eligibilityRequestId, {
      onSuccess: (item) => {
        setReport(item);
        setProblem(null);
        setStep('review');
      },
      onError: () => {
        notify.error(MESSAGES.loadReport);
      },
      onSettled: () => {
        setLoadingId(null);
      },
    });
  };

  const clear = () => {
    setReport(null);
    setProblem(null);
    setStep('create');
  };

  return {
    step,
    report,
    values,
    problem,
    loadingId,
    running: runCheck.isPending,
    run,
    choose,
    clear,
  };
}
