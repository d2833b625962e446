import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import {
  AVAILABILITY_MESSAGES,
  validateException,
  type AvailabilityExceptionKind,
} from '@openpractice/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { useAddException } from './api/mutations';
import type { PracticeLocation } from './api/types';
import { failureText, refusedField, useAvailabilityFeedback } from './feedback';
import { FormDialog } from './form-dialog';
import { HoursFields } from './hours-fields';
import {
  HOURS_FIELDS,
  newHoursValues,
  showIssues,
  toHours,
  type HoursFormValues,
} from './hours-form';

interface ExceptionFormValues extends HoursFormValues {
  date: string;
  kind: AvailabilityExceptionKind;
  note: string;
}

const EXCEPTION_FIELDS = ['date', 'kind', 'note', ...HOURS_FIELDS];

/** Adds a day off or extra hours on one date, from today on. */
export function ExceptionDialog({
  therapistId,
  kind,
  today,
  locations,
  defaultLocationId,
  telehealthAllowed,
  onClose,
}: {
  therapistId: number;
  kind: AvailabilityExceptionKind;
  /** Today in the practice's time zone (ISO). */
  today: string;
  locations: readonly PracticeLocation[];
  defaultLocationId: number | null;
  telehealthAllowed: boolean;
  onClose: () => void;
}) {
  const add = useAddException(therapistId);
  const feedback = useAvailabilityFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ExceptionFormValues>({
    defaultValues: { date: '', kind, note: '', ...newHoursValues(defaultLocationId) },
  });
  const chosenKind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit(async (values) => {
    const hours = values.kind === 'extra' ? toHours(values) : {};
    const input = { date: values.date, kind: values.kind, ...hours };
    const issues = validateException(input, { today, telehealthAllowed });
    if (!showIssues(issues, setError, EXCEPTION_FIELDS)) return;
    setFailure(null);
    try {
      await add.mutateAsync({ ...input, note: values.note.trim() === '' ? null : values.note });
      feedback.saved(values.kind === 'off' ? 'Day off added.' : 'Extra hours added.');
      onClose();
    } catch (error) {
      feedback.failed(AVAILABILITY_MESSAGES.addFailed, error, { retry: true });
      setFailure(failureText(AVAILABILITY_MESSAGES.addFailed, error));
      const field = refusedField(error);
      if (field && EXCEPTION_FIELDS.includes(field)) {
        setError(field as keyof ExceptionFormValues, {
          message: error instanceof Error ? error.message : '',
        });
      }
    }
  });

  return (
    <FormDialog
      title={chosenKind === 'off' ? 'Add a day off' : 'Add extra hours'}
      busy={add.isPending}
      failure={failure}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend">Exception</FormLabel>
            <RadioGroup row name={field.name} value={field.value} onChange={field.onChange}>
              <FormControlLabel value="off" control={<Radio />} label="Day off" />
              <FormControlLabel value="extra" control={<Radio />} label="Extra hours" />
            </RadioGroup>
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="date"
        render={({ field, fieldState }) => (
          <TextField
            label="Date"
            type="date"
            required
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          />
        )}
      />
      {chosenKind === 'extra' && (
        <HoursFields
          control={control}
          locations={locations}
          telehealthAllowed={telehealthAllowed}
        />
      )}
      <Controller
        control={control}
        name="note"
        render={({ field }) => (
          <TextField
            label="Note"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        )}
      />
    </FormDialog>
  );
}
