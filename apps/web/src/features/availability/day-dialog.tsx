import Alert from '@mui/material/Alert';
import { AVAILABILITY_MESSAGES, spanLabel, validateAvailabilityDay } from '@openpractice/domain';
import { useForm, useWatch } from 'react-hook-form';

import { useCreateDay, useUpdateDay } from './api/mutations';
import { COLLISION_TEXTS, CollisionWarning } from './collision-warning';
import type { Day, PracticeLocation, SpanWithDays } from './api/types';
import { useAvailabilityFeedback } from './feedback';
import { FormDialog } from './form-dialog';
import { HoursFields } from './hours-fields';
import { useCollisionCheck } from './use-collision-check';
import { useSaveFailure } from './use-save-failure';
import { WeekdaySelect } from './weekday-select';
import {
  HOURS_FIELDS,
  newHoursValues,
  savedHoursValues,
  showIssues,
  toHours,
  type HoursFormValues,
} from './hours-form';

interface DayFormValues extends HoursFormValues {
  dayOfWeek: string;
}

const DAY_FIELDS = ['dayOfWeek', ...HOURS_FIELDS];

/**
 * The change a save of existing hours makes, as the collision check names it: the same key
 * for the warning shown while typing and for the save that confirms it.
 */
function dayHoursChange(
  day: Day,
  hours: { dayOfWeek: number; startTime: string; endTime: string },
) {
  return {
    change: 'dayHours' as const,
    day_id: day.day_id,
    dayOfWeek: hours.dayOfWeek,
    startTime: hours.startTime,
    endTime: hours.endTime,
  };
}

/** What the dialog says above the fields: which span the hours go to, and what is missing. */
function DayDialogNotices({
  span,
  adding,
  defaultLocationMissing,
  noLocations,
}: {
  span: SpanWithDays | null;
  adding: boolean;
  defaultLocationMissing: boolean;
  noLocations: boolean;
}) {
  return (
    <>
      <Alert severity="info">
        {span
          ? `Weekly hours for ${spanLabel(span)}.`
          : 'Saving starts an open-ended availability span (no start or end date).'}
      </Alert>
      {adding && defaultLocationMissing && (
        <Alert severity="warning">{AVAILABILITY_MESSAGES.noDefaultLocation}</Alert>
      )}
      {noLocations && <Alert severity="warning">{AVAILABILITY_MESSAGES.noLocations}</Alert>}
    </>
  );
}

/**
 * Adds weekly hours to the span shown (`day` null) or changes them. With no
 * span at all the server first creates an open-ended one (spec-2 §4).
 */
export function DayDialog({
  therapistId,
  span,
  day,
  weekday,
  locations,
  defaultLocationId,
  defaultLocationMissing,
  telehealthAllowed,
  onClose,
}: {
  therapistId: number;
  span: SpanWithDays | null;
  day: Day | null;
  /** The weekday a new block starts on. */
  weekday: number;
  locations: readonly PracticeLocation[];
  defaultLocationId: number | null;
  /** The practice has no default location (nor one named main): say so. */
  defaultLocationMissing: boolean;
  telehealthAllowed: boolean;
  onClose: () => void;
}) {
  const create = useCreateDay(therapistId);
  const update = useUpdateDay(therapistId);
  const feedback = useAvailabilityFeedback();
  const collisions = useCollisionCheck();
  const { control, handleSubmit, setError } = useForm<DayFormValues>({
    defaultValues: {
      dayOfWeek: String(day?.dayOfWeek ?? weekday),
      ...(day ? savedHoursValues(day, telehealthAllowed) : newHoursValues(defaultLocationId)),
    },
  });
  const failure = useSaveFailure(setError, DAY_FIELDS);

  const [dayOfWeek, startTime, endTime] = useWatch({
    control,
    name: ['dayOfWeek', 'startTime', 'endTime'],
  });
  const warning = day
    ? collisions.warningFor(
        dayHoursChange(day, { dayOfWeek: Number(dayOfWeek), startTime, endTime }),
      )
    : null;

  const onSubmit = handleSubmit(async (values) => {
    const fields = { dayOfWeek: Number(values.dayOfWeek), ...toHours(values) };
    const valid = showIssues(
      validateAvailabilityDay(fields, { telehealthAllowed }),
      setError,
      DAY_FIELDS,
    );
    if (!valid) return;
    failure.clear();
    // Shorter hours over booked appointments are saved only once the warning was seen for them.
    const change = day && dayHoursChange(day, fields);
    try {
      if (day && change) {
        const confirmCollisions = collisions.confirms(change);
        await update.mutateAsync({ dayId: day.day_id, day: fields, confirmCollisions });
        feedback.saved('Hours saved.');
      } else {
        const result = await create.mutateAsync({ day: fields, spanId: span?.span_id ?? null });
        feedback.saved(
          result.createdSpan ? 'Hours saved in a new open-ended span.' : 'Hours added.',
        );
      }
      onClose();
    } catch (error) {
      if (change && (await collisions.warn(error, change))) return;
      collisions.clear();
      const message = day
        ? AVAILABILITY_MESSAGES.saveSlotFailed
        : AVAILABILITY_MESSAGES.addDayFailed;
      failure.show(message, error, { retry: !day });
    }
  });

  return (
    <FormDialog
      title={day ? 'Edit hours' : 'Add hours'}
      busy={create.isPending || update.isPending}
      failure={failure.failure}
      warning={warning ? <CollisionWarning warning={warning} /> : null}
      submitLabel={warning ? COLLISION_TEXTS.saveAnyway : undefined}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <DayDialogNotices
        span={span}
        adding={!day}
        defaultLocationMissing={defaultLocationMissing}
        noLocations={locations.length === 0}
      />
      <WeekdaySelect control={control} name="dayOfWeek" />
      <HoursFields control={control} locations={locations} telehealthAllowed={telehealthAllowed} />
    </FormDialog>
  );
}
