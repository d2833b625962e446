import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsDate, PRINT_MESSAGES, PRINT_RECORD_TYPE_LABELS } from '@openpractice/domain';
import { useState } from 'react';

import type { PrintDownload, RecordCount } from './api';
import type { PrintFlow } from './use-print-flow';

/** The counts of the choice, and Print once they were seen (spec-1: the counts come first). */
export function CountsStep({
  counts,
  total,
  busy,
  onPrint,
  onChange,
}: {
  counts: RecordCount[];
  total: number;
  busy: boolean;
  onPrint: () => void;
  onChange: () => void;
}) {
  return (
    <Stack spacing={2} component="section" aria-labelledby="print-counts-heading">
      <Typography id="print-counts-heading" component="h2" variant="h6">
        Matching records
      </Typography>
      <List dense disablePadding aria-label="Matching records by type">
        {counts.map((c) => (
          <ListItem key={c.recordType} disableGutters>
            <ListItemText primary={`${PRINT_RECORD_TYPE_LABELS[c.recordType]}: ${c.count}`} />
          </ListItem>
        ))}
      </List>
      {total === 0 && (
        <Alert severity="info">
          No records match. Choose other record types, another therapist or other dates.
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Button variant="contained" disabled={busy || total === 0} onClick={onPrint}>
          {`Print ${total} ${total === 1 ? 'record' : 'records'}`}
        </Button>
        <Button onClick={onChange} disabled={busy}>
          Change choices
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Printing records the release (to whom, why, which records) in the client’s access history.
      </Typography>
    </Stack>
  );
}

function DownloadItem({ download, onUsed }: { download: PrintDownload; onUsed: () => void }) {
  const [clicked, setClicked] = useState(false);
  const types = download.recordTypes.map((t) => PRINT_RECORD_TYPE_LABELS[t]).join(', ');
  const usable = download.url !== null && !clicked;
  let state = `works once, until ${formatUsDate(download.expiresAt)}`;
  if (download.downloadedAt !== null || clicked) state = 'downloaded';
  else if (download.url === null) state = 'expired: print the records again';
  return (
    <ListItem disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText primary={`${download.fileName} (${types})`} secondary={state} />
      {usable && (
        <Button
          variant="contained"
          component="a"
          href={download.url ?? undefined}
          download={download.fileName}
          onClick={() => {
            // After the click's own work: an anchor gone from the page downloads nothing.
            window.setTimeout(() => {
              setClicked(true);
              onUsed();
            }, 0);
          }}
        >
          {`Download ${types}`}
        </Button>
      )}
    </ListItem>
  );
}

/** The job: its progress while pending, its downloads once complete, or its failure. */
export function JobStep({ flow, onAgain }: { flow: PrintFlow; onAgain: () => void }) {
  const { phase, status } = flow;
  if (phase.kind === 'messaged') {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{PRINT_MESSAGES.willMessage}</Alert>
        <div>
          <Button onClick={onAgain}>Print something else</Button>
        </div>
      </Stack>
    );
  }
  const job = status.data;
  return (
    <Stack spacing={2} component="section" aria-labelledby="print-job-heading">
      <Typography id="print-job-heading" component="h2" variant="h6">
        Your PDFs
      </Typography>
      <div role="status" aria-live="polite">
        {status.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void status.refetch()}>
                Check again
              </Button>
            }
          >
            {PRINT_MESSAGES.waiting}
          </Alert>
        )}
        {!status.isError && (job === undefined || job.status === 'pending') && (
          <Stack spacing={1}>
            <Typography>{`Making your PDFs… ${job?.progress ?? 0}%`}</Typography>
            {/* The native bar: MUI's would split the app's progress bar out of the layout's chunk. */}
            <Box
              component="progress"
              max={100}
              value={job?.progress ?? 0}
              aria-label="Making your PDFs"
              sx={{ width: '100%', height: 8, accentColor: (theme) => theme.palette.primary.main }}
            />
          </Stack>
        )}
        {job?.status === 'failed' && <Alert severity="error">{PRINT_MESSAGES.failed}</Alert>}
        {job?.status === 'complete' && <Alert severity="success">{PRINT_MESSAGES.ready}</Alert>}
      </div>
      {job?.status === 'complete' && (
        <List dense disablePadding aria-label="Downloads">
          {job.downloads.map((download) => (
            <DownloadItem
              key={download.fileId}
              download={download}
              onUsed={() => {
                // The link is used up: ask again a moment later so the list says so.
                window.setTimeout(() => void status.refetch(), 1500);
              }}
            />
          ))}
        </List>
      )}
      {(job?.status === 'complete' || job?.status === 'failed') && (
        <div>
          <Button onClick={onAgain}>Print something else</Button>
        </div>
      )}
    </Stack>
  );
}
