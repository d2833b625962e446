import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatUsDate, PLAN_STATE_LABELS } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useMyPlans, useSignMyPlan, type PortalPlan } from './api';
import { Signatures } from './plan-trail';
import { PlanView } from './plan-view';

/**
 * `/portal/treatmentPlans`: the signed-in client reads the plans their therapists signed and
 * signs each by typing their name (the server keeps who, when and from where).
 */
export function PortalPlansPage() {
  const plans = useMyPlans();
  return (
    // Room below the last plan at phone width: the clients' bottom navigation (two-line labels
    // with three items) otherwise covers the Sign button at the end of the page.
    <Stack spacing={3} sx={{ minWidth: 0, pb: { xs: 10, sm: 0 } }}>
      <Typography component="h1" variant="h4">
        My treatment plans
      </Typography>
      {plans.isPending && <PageSpinner />}
      {plans.isError && <Alert severity="warning">{errorMessage(plans.error)}</Alert>}
      {plans.data?.plans.length === 0 && (
        <Typography>You have no treatment plan to read or sign yet.</Typography>
      )}
      {plans.data?.plans.map((plan) => (
        <PlanCard key={plan.planId} plan={plan} clientName={plans.data.clientName} />
      ))}
    </Stack>
  );
}

function PlanCard({ plan, clientName }: { plan: PortalPlan; clientName: string }) {
  const [typedName, setTypedName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sign = useSignMyPlan();
  const notify = useNotify();
  const headingId = `portal-plan-${plan.planId}`;

  const submit = async () => {
    setError(null);
    try {
      await sign.mutateAsync({ planId: plan.planId, typedName });
      notify.success('Thank you. Your treatment plan is signed.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id={headingId} component="h2" variant="h5">
          Treatment plan with {plan.therapistName}
        </Typography>
        <Typography>
          Status: {PLAN_STATE_LABELS[plan.state]} · review by {formatUsDate(plan.reviewDate)}
        </Typography>
        <PlanView template={plan.template} content={plan.content} diagnoses={plan.diagnoses} />
        <Typography component="h3" variant="h6">
          Signatures
        </Typography>
        <Signatures plan={plan} />
        {plan.canSign && (
          <Stack
            component="form"
            spacing={2}
            aria-label={`Sign the plan with ${plan.therapistName}`}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Typography>
              To sign, type your full name as it appears on your record ({clientName}).
            </Typography>
            <TextField
              label="Your full name"
              value={typedName}
              autoComplete="name"
              onChange={(e) => {
                setTypedName(e.target.value);
              }}
              sx={{ maxWidth: 400 }}
            />
            {error && <Alert severity="error">{error}</Alert>}
            <Button
              type="submit"
              variant="contained"
              disabled={typedName.trim() === '' || sign.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              Sign my treatment plan
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
