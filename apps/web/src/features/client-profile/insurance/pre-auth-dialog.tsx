import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import { isCptCode, ISO_DATE_FORMAT } from '@openpractice/domain';
import dayjs from 'dayjs';
import { Controller, useForm, type Path } from 'react-hook-form';

import { errorMessage } from '../../../lib/api-client';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useSavePreAuth } from './api/authorizations';
import { useStandardCptCodes } from './api/insurance';
import type { PreAuth } from './api/types';
import {
  preAuthFormProblems,
  preAuthFormValues,
  preAuthInputOf,
  type PreAuthFormValues,
} from './authorization-forms';
import { INSURANCE_MESSAGES } from './messages';

const FIELDS = new Set([
  'authNumber',
  'authDate',
  'startDate',
  'endDate',
  'visitsAuthorized',
  'cptCodes',
  'notes',
]);

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
  const save = useSavePreAuth(patientId, insuranceId);
  const codes = useStandardCptCodes(patientId, therapistId);
  const feedback = useSaveFeedback();
  const { control, handleSubmit, setError } = useForm<PreAuthFormValues>({
    defaultValues: preAuthFormValues(preAuth, dayjs().format(ISO_DATE_FORMAT)),
  });
  const descriptions = new Map((codes.data ?? []).map((c) => [c.cptCode, c.description]));

  const onSubmit = handleSubmit(async (values) => {
    const problems = preAuthFormProblems(values);
    for (const problem of problems) {
      setError(problem.field as Path<PreAuthFormValues>, { message: problem.message });
    }
    if (problems.length > 0) return;
    try {
      feedback.saved(
        await save.mutateAsync(preAuthInputOf(values, preAuth?.authId)),
        INSURANCE_MESSAGES.preAuthSaved,
      );
      onClose();
    } catch (error) {
      feedback.failed(
        preAuth ? INSURANCE_MESSAGES.savePreAuth : INSURANCE_MESSAGES.addPreAuth,
        error,
      );
      const field = fieldOf(error);
      if (field && FIELDS.has(field)) {
        setError(field as Path<PreAuthFormValues>, { message: errorMessage(error) });
      }
    }
  });

  return (
    <DetailDialog
      title={preAuth ? 'Edit pre-authorization' : 'Add pre-authorization'}
      busy={save.isPending}
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
