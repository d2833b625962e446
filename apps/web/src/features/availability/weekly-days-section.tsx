import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVAILABILITY_MESSAGES, spanLabel } from '@openpractice/domain';
import { useState } from 'react';

import type { Day, PracticeLocation, Span, SpanWithDays } from './api/types';
import { CopyHours } from './copy-hours';
import { DeleteDayAnywayDialog } from './delete-day-anyway-dialog';
import { DayDialog } from './day-dialog';
import { daysByWeekday } from './days-by-weekday';
import { hoursTitle } from './hours-summary';
import { useDayDeletion } from './use-day-deletion';
import { WeekdayHours } from './weekday-hours';

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
  const deletion = useDayDeletion(therapistId);

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
            <WeekdayHours
              key={group.dayOfWeek}
              group={group}
              locations={locations}
              onAdd={() => {
                setEditing({ day: null, weekday: group.dayOfWeek });
              }}
              onEdit={(day) => {
                setEditing({ day, weekday: group.dayOfWeek });
              }}
              onDelete={(day) => void deletion.ask(day, group.name)}
            />
          ))}
        </Stack>
      )}
      {deletion.pending && deletion.warning && (
        <DeleteDayAnywayDialog
          hours={`${deletion.pending.weekdayName} ${hoursTitle(deletion.pending.day)}`}
          warning={deletion.warning}
          busy={deletion.busy}
          onConfirm={deletion.deleteAnyway}
          onClose={deletion.cancel}
        />
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
