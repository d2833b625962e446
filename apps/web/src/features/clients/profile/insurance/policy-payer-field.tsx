import MenuItem from '@mui/material/MenuItem';
import { useWatch, type Control } from 'react-hook-form';

import { FormTextField } from '../lib/form-text-field';
import { usePracticePayers } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import { payerOptions, type PolicyFormValues } from './policy-form';

/**
 * The payer, from the practice's active insurance ('label (payerId)'), or none: a policy
 * without a company from the list stays unverified.
 */
export function PolicyPayerField({
  control,
  policy,
}: {
  control: Control<PolicyFormValues>;
  policy: InsurancePolicy | null;
}) {
  const payers = usePracticePayers(true);
  const options = payerOptions(payers.data ?? [], policy);
  const companyId = useWatch({ control, name: 'companyId' });
  const payerHelp = payers.isError
    ? INSURANCE_MESSAGES.loadPayers
    : payers.isPending
      ? 'Loading the practice’s insurance companies…'
      : 'Without a company from the list the policy stays unverified.';

  return (
    <FormTextField
      control={control}
      name="companyId"
      label="Insurance company"
      select
      helperText={payerHelp}
      disabled={payers.isPending}
      slotProps={{
        select: {
          // MUI cuts the value with an ellipsis only when the field is narrower than it; the
          // whole 'Name (payer id)' is then on hover (a plain title: the profile's JavaScript
          // budget has no room for a measuring tooltip).
          SelectDisplayProps: {
            title: options.find((option) => option.value === companyId)?.label,
          },
        },
      }}
    >
      <MenuItem value="">
        <em>Not in the list (unverified)</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} sx={{ whiteSpace: 'normal' }}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
