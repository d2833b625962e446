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
import { stepAfterCheck, type EligibilityStep } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';

import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import {
  useEligibilityDefaults,
  useEligibilityHistory,
  useLoadHistoryItem,
  usePayers,
  useRunCheck,
  useServiceCodes,
  type EligibilityRequestSummary,
} from './api';
import { CreateReportForm, type CheckProblem } from './create-report-form';
import { initialValues, toRequest, type CreateValues } from './create-values';
import { HistoryList } from './history-list';
import { MESSAGES } from './messages';
import { ReviewReport } from './review-report';

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
 * answer), with the client's history beside them. A check moves on to Review
 * when it succeeded with no failure message; a history item that loads moves
 * there too; 'New check' returns to Create (spec-1 §4).
 */
function EligibilityFlow({ patientId }: { patientId: number }) {
  const defaults = useEligibilityDefaults(patientId);
  const payers = usePayers();
  const serviceCodes = useServiceCodes();
  const history = useEligibilityHistory(patientId);
  const runCheck = useRunCheck(patientId);
  const loadItem = useLoadHistoryItem(patientId);
  const notify = useNotify();

  const [step, setStep] = useState<EligibilityStep>('create');
  const [report, setReport] = useState<EligibilityRequestSummary | null>(null);
  const [values, setValues] = useState<CreateValues | null>(null);
  const [problem, setProblem] = useState<CheckProblem | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);

  const loading = [defaults, payers, serviceCodes].find((q) => q.isError);
  if (defaults.isPending || payers.isPending || serviceCodes.isPending) {
    return <PageSpinner label="Loading the eligibility check" />;
  }
  if (loading || !defaults.data || !payers.data || !serviceCodes.data) {
    const refused =
      defaults.error instanceof ApiError && [403, 404].includes(defaults.error.status);
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Eligibility check
        </Typography>
        <Alert
          severity={refused ? 'warning' : 'error'}
          action={
            refused ? undefined : (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  void defaults.refetch();
                  void payers.refetch();
                  void serviceCodes.refetch();
                }}
              >
                Try again
              </Button>
            )
          }
        >
          {refused ? errorMessage(defaults.error) : MESSAGES.loadPage}
        </Alert>
      </Stack>
    );
  }

  const data = defaults.data;
  const formValues = values ?? initialValues(data, payers.data.data, serviceCodes.data.defaultCode);
  const timezone = history.data?.timezone ?? 'America/New_York';

  const run = (next: CreateValues, setFieldError: (field: string, message: string) => boolean) => {
    setValues(next);
    setProblem(null);
    runCheck.mutate(toRequest(patientId, next, data), {
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
                  busy={runCheck.isPending}
                  problem={problem}
                  onRun={run}
                />
              ) : (
                <ReviewReport report={report} timezone={timezone} onNewCheck={clear} />
              )}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <HistoryList
            patientId={patientId}
            selectedId={step === 'review' ? (report?.eligibilityRequestId ?? null) : null}
            loadingId={loadingId}
            onChoose={(item) => {
              choose(item.eligibilityRequestId);
            }}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
