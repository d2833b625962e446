import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import {
  AVAILABILITY_MESSAGES,
  WEEKDAY_NAMES,
  spanLabel,
  validateAvailabilityDay,
} from '@openpractice/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { useCreateDay, useUpdateDay } from './api/mutations';
import type { Day, PracticeLocation, SpanWithDays } from './api/types';
import { failureText, refusedField, useAvailabilityFeedback } from './feedback';
import { FormDialog } from './form-dialog';
import { HoursFields } from './hours-fields';
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
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<DayFormValues>({
    defaultValues: {
      dayOfWeek: String(day?.dayOfWeek ?? weekday),
      ...(day ? savedHoursValues(day, telehealthAllowed) : newHoursValues(defaultLocationId)),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const fields = { dayOfWeek: Number(values.dayOfWeek), ...toHours(values) };
    const valid = showIssues(
      validateAvailabilityDay(fields, { telehealthAllowed }),
      setError,
      DAY_FIELDS,
    );
    if (!valid) return;
    setFailure(null);
    try {
      if (day) {
        await update.mutateAsync({ dayId: day.day_id, day: fields });
        feedback.saved('Hours saved.');
      } else {
        const result = await create.mutateAsync({ day: fields, spanId: span?.span_id ?? null });
        feedback.saved(
          result.createdSpan ? 'Hours saved in a new open-ended span.' : 'Hours added.',
        );
      }
      onClose();
    } catch (error) {
      const message = day
        ? AVAILABILITY_MESSAGES.saveSlotFailed
        : AVAILABILITY_MESSAGES.addDayFailed;
      feedback.failed(message, error, { retry: !day });
      setFailure(failureText(message, error));
      const field = refusedField(error);
      if (field && DAY_FIELDS.includes(field)) {
        setError(field as keyof DayFormValues, {
          message: error instanceof Error ? error.message : '',
        });
      }
    }
  });

  return (
    <FormDialog
      title={day ? 'Edit hours' : 'Add hours'}
      busy={create.isPending || update.isPending}
      failure={failure}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Alert severity="info">
        {span
          ? `Weekly hours for ${spanLabel(span)}.`
          : 'Saving starts an open-ended availability span (no start or end date).'}
      </Alert>
      {!day && defaultLocationMissing && (
        <Alert severity="warning">{AVAILABILITY_MESSAGES.noDefaultLocation}</Alert>
      )}
      {locations.length === 0 && (
        <Alert severity="warning">{AVAILABILITY_MESSAGES.noLocations}</Alert>
      )}
      <Controller
        control={control}
        name="dayOfWeek"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Day of the week"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {WEEKDAY_NAMES.map((name, n) => (
              <option key={name} value={String(n)}>
                {name}
              </option>
            ))}
          </TextField>
        )}
      />
      <HoursFields control={control} locations={locations} telehealthAllowed={telehealthAllowed} />
    </FormDialog>
  );
}
