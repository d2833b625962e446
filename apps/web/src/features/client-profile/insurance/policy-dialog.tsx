import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  INSURANCE_TYPE_LABELS,
  INSURANCE_TYPES,
  INSURED_RELATIONSHIP_LABELS,
  INSURED_RELATIONSHIPS,
  type InsuranceType,
} from '@openpractice/domain';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';

import { errorMessage } from '../../../lib/api-client';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { usePracticePayers, useSavePolicy } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import {
  payerOptions,
  policyFormProblems,
  policyFormValues,
  policyInputOf,
  type PolicyFormValues,
} from './policy-form';

const FORM_FIELDS = new Set<string>([
  'insuranceType',
  'companyId',
  'insuranceNumber',
  'groupNumber',
  'startDate',
  'endDate',
  'insuredFirstName',
  'insuredLastName',
  'insuredDob',
]);

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
  const save = useSavePolicy(patientId);
  const payers = usePracticePayers(true);
  const feedback = useSaveFeedback();
  const { control, handleSubmit, setError } = useForm<PolicyFormValues>({
    defaultValues: policyFormValues(policy, newType),
  });
  const dependent = useWatch({ control, name: 'insuredRelationship' }) !== 'self';
  const options = payerOptions(payers.data ?? [], policy);
  const failure = policy ? INSURANCE_MESSAGES.save : INSURANCE_MESSAGES.add;

  const onSubmit = handleSubmit(async (values) => {
    const problems = policyFormProblems(values, new Date());
    for (const problem of problems) {
      setError(problem.field as Path<PolicyFormValues>, { message: problem.message });
    }
    if (problems.length > 0) return;
    try {
      const result = await save.mutateAsync(policyInputOf(values, policy?.insuranceId));
      const replaced = result.status === 'saved' && result.noLongerCurrent.length > 0;
      feedback.saved(
        result,
        replaced
          ? `${INSURANCE_MESSAGES.saved} The earlier current ${INSURANCE_TYPE_LABELS[values.insuranceType].toLowerCase()} policy is no longer current.`
          : INSURANCE_MESSAGES.saved,
      );
      onClose();
    } catch (error) {
      feedback.failed(failure, error);
      const field = fieldOf(error);
      if (field && FORM_FIELDS.has(field)) {
        setError(field as Path<PolicyFormValues>, { message: errorMessage(error) });
      }
    }
  });

  const payerHelp = payers.isError
    ? INSURANCE_MESSAGES.loadPayers
    : payers.isPending
      ? 'Loading the practice’s insurance companies…'
      : 'Without a company from the list the policy stays unverified.';

  return (
    <DetailDialog
      title={policy ? 'Edit insurance policy' : 'Add insurance policy'}
      busy={save.isPending}
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
      <FormTextField
        control={control}
        name="companyId"
        label="Insurance company"
        select
        helperText={payerHelp}
        disabled={payers.isPending}
      >
        <MenuItem value="">
          <em>Not in the list (unverified)</em>
        </MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </FormTextField>
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
      <FormTextField
        control={control}
        name="insuredRelationship"
        label="Insured (policy holder)"
        select
      >
        {INSURED_RELATIONSHIPS.map((relationship) => (
          <MenuItem key={relationship} value={relationship}>
            {INSURED_RELATIONSHIP_LABELS[relationship]}
          </MenuItem>
        ))}
      </FormTextField>
      {dependent && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="insuredFirstName"
              label="Insured first name"
              required
              fullWidth
            />
            <FormTextField
              control={control}
              name="insuredLastName"
              label="Insured last name"
              required
              fullWidth
            />
          </Stack>
          <FormTextField
            control={control}
            name="insuredDob"
            label="Insured date of birth"
            placeholder="MM/DD/YYYY"
          />
        </>
      )}
    </DetailDialog>
  );
}
