import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import type { CardProcessor } from './api';
import { feeText } from './fee-text';
import {
  usePracticeProcessors,
  useProcessorCompliance,
  type ComplianceView,
} from './processors-api';

// Only the owner answers: the form's code loads for them alone.
const ComplianceForm = lazy(async () => ({
  default: (await import('./compliance-form')).ComplianceForm,
}));

const when = (at: string) =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Where the practice stands for this processor, in one sentence a person can act on. */
function Standing({ view }: { view: ComplianceView }) {
  const current = view.current;
  if (!current)
    return (
      <Alert severity="warning">
        Not answered yet. Processors ask for this each year before they keep taking the
        practice&apos;s card payments.
      </Alert>
    );
  const who = `${current.attestedName} (${current.attestedTitle}), sent by ${current.answeredBy ?? 'a former user'} on ${when(current.answeredAt)}`;
  return current.inPlace ? (
    <Alert severity="success">In place: attested by {who}.</Alert>
  ) : (
    <Alert severity="error">
      Not met: a &quot;No&quot; answer means the practice does not qualify for this self-assessment.
      Fix the practice&apos;s handling of cards, or ask the processor which questionnaire applies.
      Last attested by {who}.
    </Alert>
  );
}

function History({ view }: { view: ComplianceView }) {
  if (view.history.length === 0) return null;
  return (
    <Table size="small" aria-label="Earlier answers">
      <TableHead>
        <TableRow>
          <TableCell>Sent</TableCell>
          <TableCell>Sent by</TableCell>
          <TableCell>Attested by</TableCell>
          <TableCell>In place</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {view.history.map((row) => (
          <TableRow key={row.answeredAt}>
            <TableCell>{when(row.answeredAt)}</TableCell>
            <TableCell>{row.answeredBy ?? 'A former user'}</TableCell>
            <TableCell>
              {row.attestedName}, {row.attestedTitle}
            </TableCell>
            <TableCell>{row.inPlace ? 'Yes' : 'No'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ProcessorCompliance({
  processor,
  canAttest,
}: {
  processor: CardProcessor;
  canAttest: boolean;
}) {
  const compliance = useProcessorCompliance(processor.processorId);
  if (compliance.isPending) return <PageSpinner label="Loading the compliance questions" />;
  if (compliance.isError) return <Alert severity="error">{errorMessage(compliance.error)}</Alert>;
  const view = compliance.data;
  return (
    <Stack spacing={2}>
      <Typography>
        {processor.name}: fees {feeText(processor)} per payment.{' '}
        {processor.movesMoney
          ? 'Card payments through it move real money.'
          : 'The local test processor moves no money; the questions still show what a real processor will ask.'}
      </Typography>
      <Standing view={view} />
      {canAttest ? (
        <Suspense fallback={<PageSpinner label="Loading the questions" />}>
          <ComplianceForm key={view.current?.answeredAt ?? 'new'} view={view} />
        </Suspense>
      ) : (
        <Typography variant="body2">Only the practice owner can answer these questions.</Typography>
      )}
      <Typography component="h2" variant="h6">
        Answers sent
      </Typography>
      {view.history.length === 0 ? <Typography>None yet.</Typography> : <History view={view} />}
    </Stack>
  );
}

/**
 * `/practice/paymentProcessing/compliance` (issue 19 item 6; spec-1 §2 the set-up page's
 * compliance page): the card-security self-assessment each processor asks (PCI DSS SAQ A),
 * shown one processor at a time with its fees, who attested what and when. Billing staff read
 * it; the owner answers (`canAttest`).
 */
export function CompliancePage({ canAttest }: { canAttest: boolean }) {
  const processors = usePracticeProcessors();
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('processorId'));
  const chosen = processors.data?.find((p) => p.processorId === asked) ?? processors.data?.[0];
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Card processing compliance
      </Typography>
      {processors.isPending && <PageSpinner label="Loading the card processors" />}
      {processors.isError && <Alert severity="error">{errorMessage(processors.error)}</Alert>}
      {processors.data?.length === 0 && (
        <Typography>The practice has no card processor yet.</Typography>
      )}
      {processors.data && chosen && (
        <TextField
          select
          label="Processor"
          value={chosen.processorId}
          onChange={(event) => {
            setSearch({ processorId: event.target.value }, { replace: true });
          }}
          sx={{ maxWidth: 360 }}
          slotProps={{ select: { native: true } }}
        >
          {processors.data.map((p) => (
            <option key={p.processorId} value={p.processorId}>
              {p.name}
            </option>
          ))}
        </TextField>
      )}
      {chosen && (
        <ProcessorCompliance key={chosen.processorId} processor={chosen} canAttest={canAttest} />
      )}
    </Stack>
  );
}
