import TextField from '@mui/material/TextField';
import { AVAILABILITY_MESSAGES, validateSpanDates } from '@openpractice/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { useAddSpan, useUpdateSpan } from './api/mutations';
import type { Span } from './api/types';
import { failureText, refusedField, useAvailabilityFeedback } from './feedback';
import { FormDialog } from './form-dialog';
import { showIssues } from './hours-form';

interface SpanFormValues {
  span_from: string;
  span_to: string;
}

const SPAN_FIELDS = ['span_from', 'span_to'];

/** Adds a span (`span` null) or changes its dates; an empty date is an open bound. */
export function SpanDialog({
  therapistId,
  span,
  onSaved,
  onClose,
}: {
  therapistId: number;
  span: Span | null;
  /** The span saved, so the editor can show it. */
  onSaved: (spanId: number) => void;
  onClose: () => void;
}) {
  const add = useAddSpan(therapistId);
  const update = useUpdateSpan(therapistId);
  const feedback = useAvailabilityFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<SpanFormValues>({
    defaultValues: { span_from: span?.span_from ?? '', span_to: span?.span_to ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const dates = {
      span_from: values.span_from === '' ? null : values.span_from,
      span_to: values.span_to === '' ? null : values.span_to,
    };
    if (!showIssues(validateSpanDates(dates), setError, SPAN_FIELDS)) return;
    setFailure(null);
    try {
      const saved = span
        ? await update.mutateAsync({ span_id: span.span_id, ...dates })
        : await add.mutateAsync(dates);
      feedback.saved(span ? 'Span saved.' : 'Span added.');
      onSaved(saved.span_id);
      onClose();
    } catch (error) {
      const message = span ? AVAILABILITY_MESSAGES.problem : AVAILABILITY_MESSAGES.addFailed;
      feedback.failed(message, error, { retry: !span });
      setFailure(failureText(message, error));
      const field = refusedField(error);
      if (field && SPAN_FIELDS.includes(field)) {
        setError(field as keyof SpanFormValues, {
          message: error instanceof Error ? error.message : '',
        });
      }
    }
  });

  const dateField = (name: keyof SpanFormValues, label: string, helper: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="date"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helper}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );

  return (
    <FormDialog
      title={span ? 'Edit availability span' : 'Add availability span'}
      busy={add.isPending || update.isPending}
      failure={failure}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      {dateField('span_from', 'Start date', 'Leave empty for no start date.')}
      {dateField('span_to', 'End date', 'Leave empty for no end date.')}
    </FormDialog>
  );
}
