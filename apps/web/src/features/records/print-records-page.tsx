import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';

import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { usePrintOptions, type PrintOptions } from './api';
import { CountsStep, JobStep } from './print-job';
import { PrintForm } from './print-form';
import {
  initialPrintValues,
  printFilterOf,
  printRequestOf,
  releaseErrors,
  withDateRule,
  type PrintValues,
  type ReleaseErrors,
} from './print-values';
import { usePrintFlow } from './use-print-flow';

const MAX_ID = 2_147_483_647;
const idOf = (param: string | null | undefined): number | null => {
  if (param === null || param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
};

export const LOAD_FAILED = 'Unable to load the client’s records for printing.';

/** `/client/records/print/{id}` (spec-1 §2): print a client's records; `?job=` reopens a print. */
export function PrintRecordsPage() {
  const patientId = idOf(useParams().id);
  const [search] = useSearchParams();
  if (patientId === null) {
    return <Alert severity="warning">That is not a client’s address.</Alert>;
  }
  return <PrintRecords key={patientId} patientId={patientId} jobId={idOf(search.get('job'))} />;
}

function PrintRecords({ patientId, jobId }: { patientId: number; jobId: number | null }) {
  const options = usePrintOptions(patientId);
  if (options.isPending) return <PageSpinner label="Loading the client’s records" />;
  if (options.isError) {
    const refused = options.error instanceof ApiError && [403, 404].includes(options.error.status);
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Print records
        </Typography>
        <Alert
          severity={refused ? 'warning' : 'error'}
          action={
            refused ? undefined : (
              <Button color="inherit" size="small" onClick={() => void options.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {refused ? errorMessage(options.error) : LOAD_FAILED}
        </Alert>
      </Stack>
    );
  }
  return <PrintFlowView patientId={patientId} options={options.data} jobId={jobId} />;
}

function PrintFlowView({
  patientId,
  options,
  jobId,
}: {
  patientId: number;
  options: PrintOptions;
  jobId: number | null;
}) {
  const [values, setValues] = useState<PrintValues>(() => initialPrintValues(options));
  const [errors, setErrors] = useState<ReleaseErrors>({});
  const flow = usePrintFlow(jobId);
  const { phase } = flow;

  const submit = () => {
    // Print records does nothing while no record type is chosen (spec-1 §5).
    const filter = printFilterOf(patientId, values);
    if (filter === null) return;
    const ruled = withDateRule(values);
    setValues(ruled);
    const problems = releaseErrors(ruled);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    flow.findCounts(filter);
  };

  return (
    <Stack spacing={2}>
      <div>
        <Link component={RouterLink} to={paths.client.profile.getHref(patientId)}>
          {`Back to ${options.clientName}’s record`}
        </Link>
      </div>
      <Typography component="h1" variant="h4">
        {`Print records: ${options.clientName}`}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {phase.kind === 'choosing' && (
          <PrintForm
            options={options}
            values={values}
            errors={errors}
            busy={flow.counting}
            onChange={setValues}
            onSubmit={submit}
          />
        )}
        {phase.kind === 'counted' && (
          <CountsStep
            counts={phase.counts}
            total={phase.total}
            busy={flow.starting}
            onPrint={() => {
              flow.print(printRequestOf(phase.filter, values));
            }}
            onChange={flow.change}
          />
        )}
        {(phase.kind === 'waiting' || phase.kind === 'messaged') && (
          <JobStep flow={flow} onAgain={flow.change} />
        )}
      </Paper>
    </Stack>
  );
}
