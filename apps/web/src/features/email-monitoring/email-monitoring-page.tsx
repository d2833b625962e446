import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defaultSharedFilterRange } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { PageSpinner } from '../../ui/page-spinner';
import type { Period } from '../../ui/report-period-filter';
import { useEmailSearch, type EmailStatus } from './api';
import { EmailFilters } from './email-filters';
import { EmailTable } from './email-table';
import { SuppressionSection } from './suppression-section';

/**
 * `/reporting/audit/emailMonitoring`: every outgoing email (to, subject,
 * kind, status, time), sent or not, in the shared filter's period; a body is
 * shown only when the message was not delivered and the reader may see the
 * client's details. Practice-wide reporting users also manage the
 * suppression list.
 */
export function EmailMonitoringPage() {
  const [period, setPeriod] = useState<Period>(() => {
    const range = defaultSharedFilterRange(new Date());
    return { from: range.start, to: range.end };
  });
  const [address, setAddress] = useState('');
  const [email] = useDebouncedValue(address.trim());
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const search = useEmailSearch({
    email: email === '' ? undefined : email,
    status: status === '' ? undefined : status,
    sentAfter: period.from,
    sentBefore: period.to,
    direction,
    page,
    pageSize,
  });
  const data = search.data;
  const timezone = data?.timezone ?? 'America/New_York';

  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Email monitoring
        </Typography>
        <Typography color="text.secondary">
          {data?.scope === 'ownClients'
            ? 'Every email the practice sent your clients, or would have.'
            : 'Every email the practice sent, or would have.'}
        </Typography>
        {data?.mailer === 'local' && (
          <Alert severity="info">
            No mail server is set up: messages are kept here and not sent.
          </Alert>
        )}
        <EmailFilters
          address={address}
          status={status}
          period={period}
          onChange={(next) => {
            if (next.address !== undefined) setAddress(next.address);
            if (next.status !== undefined) setStatus(next.status);
            if (next.period !== undefined) setPeriod(next.period);
            setPage(0);
          }}
        />
        {search.isPending && <PageSpinner label="Loading the emails" />}
        {search.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void search.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(search.error)}
          </Alert>
        )}
        {data && data.total === 0 && (
          <Alert severity="info">No data found for requested period.</Alert>
        )}
        {data && data.total > 0 && (
          <EmailTable
            data={data}
            timezone={timezone}
            direction={direction}
            onDirection={(next) => {
              setDirection(next);
              setPage(0);
            }}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(next) => {
              setPageSize(next);
              setPage(0);
            }}
          />
        )}
      </Stack>
      {/* The practice's whole log is answered to practice-wide reporting users only; so is the list. */}
      {data?.scope === 'practice' && <SuppressionSection timezone={timezone} />}
    </Stack>
  );
}
