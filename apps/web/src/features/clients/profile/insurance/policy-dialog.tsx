import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES, type InsuranceType } from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';

import { DetailDialog } from '../lib/detail-dialog';
import { FormTextField } from '../lib/form-text-field';
import type { InsurancePolicy } from './api/types';
import { InsuredFields } from './insured-fields';
import { policyFormValues, type PolicyFormValues } from './policy-form';
import { PolicyPayerField } from './policy-payer-field';
import { useSubmitPolicy } from './use-submit-policy';

/**
 * Adds a policy (`policy` null) or edits one: type, payer from the
 * practice's active insurance ('label (payerId)'), numbers, dates, whether
 * it is current, and who the insured is. Saving a current policy makes the
 * other current policy of its type no longer current (the server's rule).
 */
export function PolicyDialog({
  patientId,
  policy,
  newType,
  onClose,
}: {
  patientId: number;
  policy: InsurancePolicy | null;
  newType: InsuranceType;
  onClose: () => void;
}) {
  const { control, handleSubmit, setError } = useForm<PolicyFormValues>({
    defaultValues: policyFormValues(policy, newType),
  });
  const { submit, saving } = useSubmitPolicy({ patientId, policy, setError, onSaved: onClose });
  const onSubmit = handleSubmit(submit);

  return (
    <DetailDialog
      title={policy ? 'Edit insurance policy' : 'Add insurance policy'}
      busy={saving}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <FormTextField control={control} name="insuranceType" label="Type" select required>
        {INSURANCE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {INSURANCE_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </FormTextField>
      <PolicyPayerField control={control} policy={policy} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="insuranceNumber"
          label="Insurance number"
          required
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
        />
        <FormTextField
          control={control}
          name="groupNumber"
          label="Group number"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
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
          helperText="Leave empty while the policy runs."
          fullWidth
        />
      </Stack>
      <Controller
        control={control}
        name="isCurrent"
        render={({ field }) => (
          <FormControlLabel
            label="Current policy (the one to bill)"
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                }}
              />
            }
          />
        )}
      />
      <InsuredFields control={control} />
    </DetailDialog>
  );
}
