import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import { isCptCode, ISO_DATE_FORMAT } from '@openpractice/domain';
import dayjs from 'dayjs';
import { Controller, useForm, type Control } from 'react-hook-form';

import { DetailDialog } from '../lib/detail-dialog';
import { FormTextField } from '../lib/form-text-field';
import { useStandardCptCodes } from './api/insurance';
import type { PreAuth } from './api/types';
import { preAuthFormValues, type PreAuthFormValues } from './authorization-forms';
import { INSURANCE_MESSAGES } from './messages';
import { useSubmitPreAuth } from './use-submit-pre-auth';

/**
 * Adds or edits a pre-authorization: its number, the day it was granted,
 * the period, visits authorized, CPT codes (the practice's, from
 * listStandardCptCodes; another five-character code may be typed) and notes.
 */
export function PreAuthDialog({
  patientId,
  insuranceId,
  preAuth,
  therapistId,
  onClose,
}: {
  patientId: number;
  insuranceId: number;
  preAuth: PreAuth | null;
  therapistId: number | null;
  onClose: () => void;
}) {
  const { control, handleSubmit, setError } = useForm<PreAuthFormValues>({
    defaultValues: preAuthFormValues(preAuth, dayjs().format(ISO_DATE_FORMAT)),
  });
  const { submit, saving } = useSubmitPreAuth({
    patientId,
    insuranceId,
    preAuth,
    setError,
    onSaved: onClose,
  });
  const onSubmit = handleSubmit(submit);

  return (
    <DetailDialog
      title={preAuth ? 'Edit pre-authorization' : 'Add pre-authorization'}
      busy={saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="authNumber"
          label="Authorization number"
          required
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
        />
        <FormTextField
          control={control}
          name="authDate"
          label="Date granted"
          placeholder="MM/DD/YYYY"
          required
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="startDate"
          label="Start date"
          placeholder="MM/DD/YYYY"
          fullWidth
        />
        <FormTextField
          control={control}
          name="endDate"
          label="End date"
          placeholder="MM/DD/YYYY"
          fullWidth
        />
      </Stack>
      <FormTextField
        control={control}
        name="visitsAuthorized"
        label="Visits authorized"
        helperText="Leave empty when the number of visits is not limited."
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <CptCodesField control={control} patientId={patientId} therapistId={therapistId} />
      <FormTextField
        control={control}
        name="notes"
        label="Notes"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </DetailDialog>
  );
}

/** The CPT codes: the practice's services (the therapist's primary code first), or another typed code. */
function CptCodesField({
  control,
  patientId,
  therapistId,
}: {
  control: Control<PreAuthFormValues>;
  patientId: number;
  therapistId: number | null;
}) {
  const codes = useStandardCptCodes(patientId, therapistId);
  const descriptions = new Map((codes.data ?? []).map((c) => [c.cptCode, c.description]));
  return (
    <Controller
      control={control}
      name="cptCodes"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          options={(codes.data ?? []).map((c) => c.cptCode)}
          value={field.value}
          onChange={(_event, value) => {
            field.onChange(value.map((v) => v.trim().toUpperCase()).filter((v) => isCptCode(v)));
          }}
          getOptionLabel={(code) => {
            const description = descriptions.get(code);
            return description ? `${code} – ${description}` : code;
          }}
          loading={codes.isPending}
          renderInput={(params) => (
            <TextField
              {...params}
              label="CPT codes"
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                (codes.isError
                  ? INSURANCE_MESSAGES.loadCptCodes
                  : 'Choose from the practice’s services or type a code.')
              }
            />
          )}
        />
      )}
    />
  );
}
