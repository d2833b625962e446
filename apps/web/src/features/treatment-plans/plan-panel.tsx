import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatUsDate,
  PLAN_STATE_LABELS,
  reviewStatusOf,
  zonedIsoDate,
} from '@openpractice/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { usePlan, usePlanStep, type PlanDetail } from './api';
import { PlanEditor, type RunProtected } from './plan-editor';
import { PlanTrail } from './plan-trail';
import { PlanView } from './plan-view';
import { ProgressControl, progressOf } from './progress-control';

/** One version of a therapist's plan: the editor for a draft, else the signed plan with its steps. */
export function PlanPanel({
  planId,
  runProtected,
  embedded,
  timeZone,
}: {
  planId: number;
  runProtected: RunProtected;
  embedded: boolean;
  timeZone: string;
}) {
  const plan = usePlan(planId);
  if (plan.isPending) return <PageSpinner />;
  if (plan.isError) return <Alert severity="error">{errorMessage(plan.error)}</Alert>;
  return (
    <LoadedPlan
      // Not keyed by updatedAt: the editor keeps what is typed (and its error) across a save.
      key={plan.data.planId}
      plan={plan.data}
      runProtected={runProtected}
      embedded={embedded}
      today={zonedIsoDate(new Date(), timeZone)}
    />
  );
}

/**
 * A version pinned in the address (`planId`) would hide a new draft: this unpins it on the
 * same page. Moving to another address would remount the page and drop what is typed meanwhile.
 */
function useUnpinVersion() {
  const [search, setSearch] = useSearchParams();
  return () => {
    if (!search.has('planId')) return;
    setSearch(
      (previous) => {
        previous.delete('planId');
        return previous;
      },
      { replace: true },
    );
  };
}

function LoadedPlan({
  plan,
  runProtected,
  embedded,
  today,
}: {
  plan: PlanDetail;
  runProtected: RunProtected;
  embedded: boolean;
  today: string;
}) {
  const step = usePlanStep(plan.planId);
  const notify = useNotify();
  const unpinVersion = useUnpinVersion();
  const [error, setError] = useState<string | null>(null);
  const review = reviewStatusOf(plan.reviewDate, today);

  const cosign = async () => {
    setError(null);
    try {
      const done = await runProtected(async () => {
        await step.mutateAsync('cosign');
      });
      if (done) notify.success('Treatment plan co-signed.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const revise = async () => {
    setError(null);
    try {
      await step.mutateAsync('revise');
      notify.success('A new version was started as a draft.');
      unpinVersion();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography component="h2" variant="h5">
          {plan.therapistName}: version {plan.version}
          {plan.isCurrent ? '' : ' (past plan)'}
        </Typography>
        <Typography data-testid="plan-status">Status: {PLAN_STATE_LABELS[plan.state]}</Typography>
        <Typography>
          Review by {formatUsDate(plan.reviewDate)}
          {plan.supervisorRequired ? ' · a supervisor co-signs' : ''}
        </Typography>
        {plan.isCurrent && plan.state !== 'draft' && review !== 'current' && (
          <Alert severity="warning">
            {review === 'past'
              ? 'The review date has passed.'
              : 'The review date is within 14 days.'}{' '}
            Revise the plan to review it.
          </Alert>
        )}
      </Stack>
      {plan.actions.canEdit ? (
        <PlanEditor plan={plan} runProtected={runProtected} />
      ) : (
        <PlanView
          template={plan.template}
          content={plan.content}
          diagnoses={plan.diagnoses}
          progressOf={progressOf(plan)}
          goalAction={
            plan.actions.canRecordProgress
              ? (goalId, goalText) => (
                  <ProgressControl plan={plan} goalId={goalId} goalText={goalText} />
                )
              : undefined
          }
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {(plan.actions.canCosign || plan.actions.canRevise) && (
        <Stack direction="row" spacing={2}>
          {plan.actions.canCosign && (
            <Button variant="contained" disabled={step.isPending} onClick={() => void cosign()}>
              Co-sign
            </Button>
          )}
          {plan.actions.canRevise && (
            <Button variant="outlined" disabled={step.isPending} onClick={() => void revise()}>
              Revise as a new version
            </Button>
          )}
        </Stack>
      )}
      <PlanTrail plan={plan} embedded={embedded} />
    </Stack>
  );
}
