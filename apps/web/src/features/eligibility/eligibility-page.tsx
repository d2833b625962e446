import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';

import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useEligibilityDefaults, useEligibilityHistory, usePayers, useServiceCodes } from './api';
import { CreateReportForm } from './create-report-form';
import { initialValues } from './create-values';
import { HistoryList } from './history-list';
import { MESSAGES } from './messages';
import { ReviewReport } from './review-report';
import { useEligibilityFlow } from './use-eligibility-flow';

const STEPS = ['Create Report', 'Review Report'] as const;

const MAX_ID = 2_147_483_647;
const patientIdOf = (param: string | undefined): number | null => {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
};

/** `/client/eligibility/{id}` (spec-1 §2 Eligibility check flow). */
export function EligibilityPage() {
  const patientId = patientIdOf(useParams().id);
  if (patientId === null) {
    return <Alert severity="warning">That is not a client’s address.</Alert>;
  }
  return <EligibilityFlow key={patientId} patientId={patientId} />;
}

/**
 * Two steps: Create Report (the request) and Review Report (the payer's
 * answer), with the client's history beside them (see useEligibilityFlow).
 */
function EligibilityFlow({ patientId }: { patientId: number }) {
  const defaults = useEligibilityDefaults(patientId);
  const payers = usePayers();
  const serviceCodes = useServiceCodes();
  const history = useEligibilityHistory(patientId);
  const flow = useEligibilityFlow(patientId);
  const { step, report } = flow;

  const failed = [defaults, payers, serviceCodes].some((q) => q.isError);
  if (defaults.isPending || payers.isPending || serviceCodes.isPending) {
    return <PageSpinner label="Loading the eligibility check" />;
  }
  if (failed || !defaults.data || !payers.data || !serviceCodes.data) {
    return (
      <EligibilityLoadFailed
        error={defaults.error}
        onRetry={() => {
          void defaults.refetch();
          void payers.refetch();
          void serviceCodes.refetch();
        }}
      />
    );
  }

  const data = defaults.data;
  const formValues =
    flow.values ?? initialValues(data, payers.data.data, serviceCodes.data.defaultCode);
  const timezone = history.data?.timezone ?? 'America/New_York';

  return (
    <Stack spacing={2}>
      <div>
        <Link
          component={RouterLink}
          to={paths.client.profile.getHref(patientId)}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden />
          {`${data.clientName}’s record`}
        </Link>
      </div>
      <Typography component="h1" variant="h4">
        {`Eligibility check: ${data.clientName}`}
      </Typography>
      {payers.data.testMode && <Alert severity="info">{MESSAGES.testMode}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={3}>
              <Stepper activeStep={step === 'create' ? 0 : 1} aria-label="Steps">
                {STEPS.map((label) => (
                  <Step key={label}>
                    <StepLabel>{label}</StepLabel>
                  </Step>
                ))}
              </Stepper>
              {step === 'create' || report === null ? (
                <CreateReportForm
                  initial={formValues}
                  defaults={data}
                  payers={payers.data.data}
                  serviceTypes={serviceCodes.data.data}
                  busy={flow.running}
                  problem={flow.problem}
                  onRun={(next, setFieldError) => {
                    flow.run(next, data, setFieldError);
                  }}
                />
              ) : (
                <ReviewReport report={report} timezone={timezone} onNewCheck={flow.clear} />
              )}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <HistoryList
            patientId={patientId}
            selectedId={step === 'review' ? (report?.eligibilityRequestId ?? null) : null}
            loadingId={flow.loadingId}
            onChoose={(item) => {
              flow.choose(item.eligibilityRequestId);
            }}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}

/**
 * The page could not load what the form needs. A refusal (not this user's client, or no such
 * client) says so and offers no retry, as retrying cannot help; anything else offers Try again.
 */
function EligibilityLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = error instanceof ApiError && [403, 404].includes(error.status);
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Eligibility check
      </Typography>
      <Alert
        severity={refused ? 'warning' : 'error'}
        action={
          refused ? undefined : (
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      >
        {refused ? errorMessage(error) : MESSAGES.loadPage}
      </Alert>
    </Stack>
  );
}
