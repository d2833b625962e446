import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AVAILABILITY_MESSAGES,
  WEEKDAY_NAMES,
  formatUsDate,
  type AvailabilityExceptionKind,
} from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../ui/confirm/use-confirm';
import { useDeleteException } from './api/mutations';
import { useExceptions } from './api/queries';
import type { AvailabilityException, PracticeLocation } from './api/types';
import { ExceptionDialog } from './exception-dialog';
import { useAvailabilityFeedback } from './feedback';
import { hoursDetails, hoursTitle } from './hours-summary';

/** 'Saturday 04/05/2031'. */
function dateTitle(date: string): string {
  const weekday = WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return `${weekday} ${formatUsDate(date)}`;
}

function exceptionText(e: AvailabilityException, locations: readonly PracticeLocation[]) {
  if (e.kind === 'off') return { primary: `${dateTitle(e.date)}: day off`, secondary: e.note };
  const hours = {
    ...e,
    startTime: e.startTime ?? '',
    endTime: e.endTime ?? '',
  };
  return {
    primary: `${dateTitle(e.date)}: extra hours ${hoursTitle(hours)}`,
    secondary: [hoursDetails(hours, locations), e.note].filter(Boolean).join(' · '),
  };
}

/** Days off and extra hours from today on, with add and delete. */
export function ExceptionsSection({
  therapistId,
  today,
  locations,
  defaultLocationId,
  telehealthAllowed,
}: {
  therapistId: number;
  today: string;
  locations: readonly PracticeLocation[];
  defaultLocationId: number | null;
  telehealthAllowed: boolean;
}) {
  const exceptions = useExceptions(therapistId);
  const remove = useDeleteException(therapistId);
  const [adding, setAdding] = useState<AvailabilityExceptionKind | null>(null);
  const confirm = useConfirm();
  const feedback = useAvailabilityFeedback();

  const onDelete = async (e: AvailabilityException, title: string) => {
    const confirmed = await confirm({
      title: 'Delete this date exception?',
      message: title,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(e.exception_id);
      feedback.saved('Date exception deleted.');
    } catch (error) {
      feedback.failed(AVAILABILITY_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="exceptions-heading">
      <Typography id="exceptions-heading" component="h2" variant="h5">
        Date exceptions
      </Typography>
      <Typography color="text.secondary">
        A day off removes the weekly hours of that date; extra hours add time on one date.
      </Typography>
      {exceptions.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void exceptions.refetch()}>
              Retry
            </Button>
          }
        >
          {AVAILABILITY_MESSAGES.loadFailed}
        </Alert>
      )}
      {exceptions.isPending && <Typography>Loading date exceptions…</Typography>}
      {exceptions.data?.length === 0 && (
        <Typography color="text.secondary">No upcoming days off or extra hours.</Typography>
      )}
      {exceptions.data && exceptions.data.length > 0 && (
        <List aria-label="Date exceptions" disablePadding>
          {exceptions.data.map((e) => {
            const text = exceptionText(e, locations);
            return (
              <ListItem key={e.exception_id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={text.primary}
                  secondary={text.secondary}
                  sx={{ flex: '1 1 240px' }}
                />
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete ${text.primary}`}
                  onClick={() => void onDelete(e, text.primary)}
                >
                  Delete
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => {
            setAdding('off');
          }}
        >
          Add day off
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setAdding('extra');
          }}
        >
          Add extra hours
        </Button>
      </Stack>
      {adding && (
        <ExceptionDialog
          therapistId={therapistId}
          kind={adding}
          today={today}
          locations={locations}
          defaultLocationId={defaultLocationId}
          telehealthAllowed={telehealthAllowed}
          onClose={() => {
            setAdding(null);
          }}
        />
      )}
    </Stack>
  );
}
