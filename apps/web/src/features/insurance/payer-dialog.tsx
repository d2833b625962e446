import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PayerField } from '@openpractice/domain';
import { useId } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type UseFormHandleSubmit,
  type UseFormSetError,
} from 'react-hook-form';

import { ApiError, errorMessage } from '../../lib/api-client';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useSavePayer, type Payer } from './api';
import {
  fieldRule,
  PAYER_TEXT_FIELDS,
  payerFormErrors,
  payerFormValues,
  payerSaveBody,
  type PayerFormValues,
} from './payer-form';

export const PAYER_MESSAGES_UI = {
  added: 'Payer added.',
  saved: 'Payer saved.',
  addFailed: 'Unable to add payer.',
  saveFailed: 'Unable to save payer.',
} as const;

const FORM_FIELDS = new Set<string>([...PAYER_TEXT_FIELDS.map((f) => f.name), 'endDate']);

/** Adds a payer (`payer` null) or edits one: name, payer ID, address, phone, end date. */
export function PayerDialog({ payer, onClose }: { payer: Payer | null; onClose: () => void }) {
  const titleId = useId();
  const { control, handleSubmit, setError } = useForm<PayerFormValues>({
    defaultValues: payerFormValues(payer),
  });
  const { onSubmit, busy } = usePayerSave(payer, handleSubmit, setError, onClose);

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{payer ? `Edit ${payer.label}` : 'Add payer'}</DialogTitle>
        <DialogContent>
          <PayerFields control={control} busy={busy} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Save: the form's own checks first (each on its field), then the server; a refusal about one
 * field (a taken payer ID) shows on that field, anything else as a toast naming what failed.
 */
function usePayerSave(
  payer: Payer | null,
  handleSubmit: UseFormHandleSubmit<PayerFormValues>,
  setError: UseFormSetError<PayerFormValues>,
  onClose: () => void,
) {
  const save = useSavePayer();
  const notify = useNotify();
  const busy = save.isPending;

  const onSubmit = handleSubmit(async (values) => {
    const errors = Object.entries(payerFormErrors(values));
    if (errors.length > 0) {
      for (const [field, message] of errors) {
        setError(field as keyof PayerFormValues, { message }, { shouldFocus: true });
      }
      return;
    }
    try {
      await save.mutateAsync(payerSaveBody(values, payer?.practice_insurance_id));
      notify.success(payer ? PAYER_MESSAGES_UI.saved : PAYER_MESSAGES_UI.added);
      onClose();
    } catch (error) {
      // A refusal about one field (a taken payer ID) shows on that field; anything else as a toast.
      const field = error instanceof ApiError ? error.field : undefined;
      if (field !== undefined && FORM_FIELDS.has(field)) {
        setError(field as PayerField, { message: errorMessage(error) }, { shouldFocus: true });
        return;
      }
      notify.error(
        `${payer ? PAYER_MESSAGES_UI.saveFailed : PAYER_MESSAGES_UI.addFailed} ${errorMessage(error)}`,
      );
    }
  });
  return { onSubmit, busy };
}

/** The payer's fields: its text fields (the first focused), the end date and the therapist flag. */
function PayerFields({ control, busy }: { control: Control<PayerFormValues>; busy: boolean }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {PAYER_TEXT_FIELDS.map((field, index) => (
        <Controller
          key={field.name}
          control={control}
          name={field.name}
          rules={{ validate: fieldRule(field.name) }}
          render={({ field: input, fieldState }) => (
            <TextField
              label={field.label}
              required={field.required}
              autoFocus={index === 0}
              autoComplete={field.autoComplete}
              name={input.name}
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              inputRef={input.ref}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                (field.name === 'payerId' ? 'As your clearinghouse lists it, e.g. 60054.' : '')
              }
              disabled={busy}
            />
          )}
        />
      ))}
      <Controller
        control={control}
        name="endDate"
        render={({ field: input, fieldState }) => (
          <TextField
            label="End date"
            type="date"
            name={input.name}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
            inputRef={input.ref}
            error={fieldState.invalid}
            helperText={
              fieldState.error?.message ?? 'Leave blank while the practice bills this payer.'
            }
            disabled={busy}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      />
      <Controller
        control={control}
        name="therapistSpecific"
        render={({ field: input }) => (
          <FormControlLabel
            label="Therapist-specific (not offered in the practice's lists)"
            disabled={busy}
            control={
              <Checkbox
                checked={input.value}
                onChange={(event) => {
                  input.onChange(event.target.checked);
                }}
              />
            }
          />
        )}
      />
    </Stack>
  );
}
