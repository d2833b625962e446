import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVAILABILITY_MESSAGES, spanLabel } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../ui/confirm/use-confirm';
import { useDeleteDay } from './api/mutations';
import type { Day, PracticeLocation, Span, SpanWithDays } from './api/types';
import { CopyHours } from './copy-hours';
import { DayDialog } from './day-dialog';
import { daysByWeekday } from './days-by-weekday';
import { useAvailabilityFeedback } from './feedback';
import { hoursDetails, hoursTitle } from './hours-summary';

type Editing = { day: Day | null; weekday: number } | null;

/** The weekly hours of the span shown, Sunday to Saturday, each weekday with its blocks. */
export function WeeklyDaysSection({
  therapistId,
  span,
  loading,
  copySources,
  locations,
  defaultLocationId,
  defaultLocationMissing,
  telehealthAllowed,
}: {
  therapistId: number;
  /** Null when the therapist has no span at all. */
  span: SpanWithDays | null;
  loading: boolean;
  /** Other spans with hours, offered when the span shown has none. */
  copySources: readonly Span[];
  locations: readonly PracticeLocation[];
  defaultLocationId: number | null;
  defaultLocationMissing: boolean;
  telehealthAllowed: boolean;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteDay(therapistId);
  const confirm = useConfirm();
  const feedback = useAvailabilityFeedback();

  const onDelete = async (day: Day, weekdayName: string) => {
    const confirmed = await confirm({
      title: 'Delete these hours?',
      message: `${weekdayName} ${hoursTitle(day)}`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(day.day_id);
      feedback.saved('Hours deleted.');
    } catch (error) {
      feedback.failed(AVAILABILITY_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="weekly-hours-heading">
      <Typography id="weekly-hours-heading" component="h2" variant="h5">
        Weekly hours
      </Typography>
      <Typography color="text.secondary">
        {span
          ? `Hours that repeat every week from ${spanLabel(span)}.`
          : 'No availability yet. The first hours you add start an open-ended span.'}
      </Typography>
      {locations.length === 0 && (
        <Alert severity="warning">{AVAILABILITY_MESSAGES.noLocations}</Alert>
      )}
      {span && span.days.length === 0 && copySources.length > 0 && (
        <CopyHours therapistId={therapistId} spanId={span.span_id} sources={copySources} />
      )}
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading weekly hours" />
        </Box>
      ) : (
        <Stack spacing={1}>
          {daysByWeekday(span?.days ?? []).map((group) => (
            <Paper key={group.dayOfWeek} variant="outlined" sx={{ p: 1.5 }}>
              <Stack
                direction="row"
                sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
              >
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {group.name}
                </Typography>
                <Button
                  size="small"
                  aria-label={`Add hours on ${group.name}`}
                  onClick={() => {
                    setEditing({ day: null, weekday: group.dayOfWeek });
                  }}
                >
                  Add hours
                </Button>
              </Stack>
              {group.days.length === 0 ? (
                <Typography color="text.secondary" variant="body2">
                  No hours
                </Typography>
              ) : (
                <List dense disablePadding aria-label={`${group.name} hours`}>
                  {group.days.map((day) => {
                    const title = hoursTitle(day);
                    return (
                      <ListItem key={day.day_id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                        <ListItemText
                          primary={title}
                          secondary={hoursDetails(day, locations)}
                          sx={{ flex: '1 1 240px' }}
                        />
                        <Button
                          size="small"
                          aria-label={`Edit ${group.name} ${title}`}
                          onClick={() => {
                            setEditing({ day, weekday: group.dayOfWeek });
                          }}
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Delete ${group.name} ${title}`}
                          onClick={() => void onDelete(day, group.name)}
                        >
                          Delete
                        </Button>
                      </ListItem>
                    );
                  })}
                </List>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {editing && (
        <DayDialog
          therapistId={therapistId}
          span={span}
          day={editing.day}
          weekday={editing.weekday}
          locations={locations}
          defaultLocationId={defaultLocationId}
          defaultLocationMissing={defaultLocationMissing}
          telehealthAllowed={telehealthAllowed}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
