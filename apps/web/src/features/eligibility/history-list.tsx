import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { useId } from 'react';

import type { EligibilityHistoryItem } from './api';
import { useEligibilityHistory } from './api';
import { resultLabel } from './format';
import { MESSAGES } from './messages';
import { TRY_AGAIN, useLoadErrorToast } from './use-error-toast';

/**
 * The client's eligibility checks, newest first (listEligibilityRequestHistory).
 * Choosing one loads it into Review. A failed load says so (Try Again, 5 s).
 */
export function HistoryList({
  patientId,
  selectedId,
  loadingId,
  onChoose,
}: {
  patientId: number;
  selectedId: number | null;
  loadingId: number | null;
  onChoose: (item: EligibilityHistoryItem) => void;
}) {
  const history = useEligibilityHistory(patientId);
  useLoadErrorToast(history, MESSAGES.loadHistory);
  const titleId = useId();
  const timezone = history.data?.timezone ?? 'America/New_York';

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id={titleId} component="h2" variant="h6">
          History
        </Typography>
        {history.isPending && <CircularProgress size={24} aria-label="Loading the history" />}
        {history.isLoadingError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                {TRY_AGAIN}
              </Button>
            }
          >
            {MESSAGES.loadHistory}
          </Alert>
        )}
        {history.data && history.data.data.length === 0 && (
          <Typography color="text.secondary">{MESSAGES.noHistory}</Typography>
        )}
        {history.data && history.data.data.length > 0 && (
          <List dense disablePadding aria-label="Eligibility checks">
            {history.data.data.map((item) => {
              const when = `${formatZonedDate(item.createdAt, timezone)} ${formatZonedTime(item.createdAt, timezone)}`;
              const selected = item.eligibilityRequestId === selectedId;
              return (
                <ListItem key={item.eligibilityRequestId} disablePadding>
                  <ListItemButton
                    selected={selected}
                    aria-current={selected ? 'true' : undefined}
                    disabled={loadingId !== null}
                    onClick={() => {
                      onChoose(item);
                    }}
                  >
                    <ListItemText
                      primary={when}
                      secondary={`${item.payerName} · ${item.serviceCode} ${item.serviceName} · ${resultLabel(item)}`}
                    />
                    {loadingId === item.eligibilityRequestId && (
                      <CircularProgress size={16} aria-label="Loading the check" />
                    )}
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
