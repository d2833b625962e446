import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { ISO_DATE_FORMAT } from '@openpractice/domain';
import dayjs from 'dayjs';
import { useForm, type Control, type Path } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useSaveConfirmation } from './api/authorizations';
import type { BenefitsConfirmation } from './api/types';
import {
  CONFIRMATION_FORM_FIELD,
  confirmationFormProblems,
  confirmationFormValues,
  confirmationInputOf,
  type ConfirmationFormValues,
} from './authorization-forms';
import { INSURANCE_MESSAGES } from './messages';

const dollars = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
const percent = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };
const decimal = { inputMode: 'decimal' as const };

/**
 * Adds or edits a benefits confirmation: when and with whom the benefits
 * were confirmed, and what the payer said (copay, coinsurance, deductible
 * and what is left of it, visits a year). Money is typed in dollars and
 * sent in cents.
 */
export function ConfirmationDialog({
  patientId,
  insuranceId,
  confirmation,
  onClose,
}: {
  patientId: number;
  insuranceId: number;
  confirmation: BenefitsConfirmation | null;
  onClose: () => void;
}) {
  const save = useSaveConfirmation(patientId, insuranceId);
  const feedback = useSaveFeedback();
  const { control, handleSubmit, setError } = useForm<ConfirmationFormValues>({
    defaultValues: confirmationFormValues(confirmation, dayjs().format(ISO_DATE_FORMAT)),
  });

  const onSubmit = handleSubmit(async (values) => {
    const problems = confirmationFormProblems(values);
    for (const problem of problems) {
      setError(problem.field as Path<ConfirmationFormValues>, { message: problem.message });
    }
    if (problems.length > 0) return;
    try {
      feedback.saved(
        await save.mutateAsync(confirmationInputOf(values, confirmation?.confirmationId)),
        INSURANCE_MESSAGES.confirmationSaved,
      );
      onClose();
    } catch (error) {
      feedback.failed(
        confirmation ? INSURANCE_MESSAGES.saveConfirmation : INSURANCE_MESSAGES.addConfirmation,
        error,
      );
      const field = CONFIRMATION_FORM_FIELD[fieldOf(error) ?? ''];
      if (field) setError(field, { message: errorMessage(error) });
    }
  });

  return (
    <DetailDialog
      title={confirmation ? 'Edit benefits confirmation' : 'Add benefits confirmation'}
      busy={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <ConfirmationFields control={control} />
    </DetailDialog>
  );
}

/** What the payer said, as typed: when and with whom, the cost share and the visits a year. */
function ConfirmationFields({ control }: { control: Control<ConfirmationFormValues> }) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="authDate"
          label="Date confirmed"
          placeholder="MM/DD/YYYY"
          required
          autoFocus
          fullWidth
        />
        <FormTextField
          control={control}
          name="referenceNumber"
          label="Reference number"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
        />
      </Stack>
      <FormTextField
        control={control}
        name="representative"
        label="Representative"
        helperText="Who at the insurance company confirmed the benefits."
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="copay"
          label="Copay"
          fullWidth
          slotProps={{ ...dollars, htmlInput: decimal }}
        />
        <FormTextField
          control={control}
          name="coinsurancePercent"
          label="Coinsurance"
          fullWidth
          slotProps={{ ...percent, htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="deductible"
          label="Deductible"
          fullWidth
          slotProps={{ ...dollars, htmlInput: decimal }}
        />
        <FormTextField
          control={control}
          name="deductibleRemaining"
          label="Deductible remaining"
          fullWidth
          slotProps={{ ...dollars, htmlInput: decimal }}
        />
      </Stack>
      <FormTextField
        control={control}
        name="visitsPerYear"
        label="Visits per year"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name="notes"
        label="Notes"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </>
  );
}
