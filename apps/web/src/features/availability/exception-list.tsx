import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { AVAILABILITY_MESSAGES, WEEKDAY_NAMES, formatUsDate } from '@openpractice/domain';

import { useConfirm } from '../../ui/confirm/use-confirm';
import { useDeleteException } from './api/mutations';
import type { AvailabilityException, PracticeLocation } from './api/types';
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

/** The upcoming date exceptions, each with Delete (asked to confirm first). */
export function ExceptionList({
  therapistId,
  exceptions,
  locations,
}: {
  therapistId: number;
  exceptions: readonly AvailabilityException[];
  locations: readonly PracticeLocation[];
}) {
  const remove = useDeleteException(therapistId);
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
    <List aria-label="Date exceptions" disablePadding>
      {exceptions.map((e) => {
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
  );
}
