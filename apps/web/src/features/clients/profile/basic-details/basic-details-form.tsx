import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { dateOfBirthWarning } from '@openpractice/domain';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { FieldWarning } from '../../../../ui/field-warning';
import type { BasicDetails } from '../api/profile';
import { changedFields } from '../lib/changed-fields';
import { pastDateRule } from '../lib/dates';
import { FormTextField } from '../lib/form-text-field';
import {
  basicDetailsValues,
  EMPLOYER_RULES,
  NAME_RULES,
  OPTIONAL_NAME_RULES,
  type BasicDetailsValues,
} from './basic-details-values';
import {
  CLAIM_GENDER_OPTIONS,
  EMPLOYMENT_TYPE_OPTIONS,
  GENDER_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  optionsWith,
} from './options';
import { useSubmitBasicDetails } from './use-submit-basic-details';

const SELECTS = [
  { name: 'gender', label: 'Gender', options: GENDER_OPTIONS },
  { name: 'claimGender', label: 'Gender on claims', options: CLAIM_GENDER_OPTIONS },
  { name: 'maritalStatus', label: 'Marital status', options: MARITAL_STATUS_OPTIONS },
  { name: 'employmentType', label: 'Employment type', options: EMPLOYMENT_TYPE_OPTIONS },
] as const;

/**
 * Names, gender, date of birth, marital status and employment. Save is on
 * only when a field really changed; only changed fields are sent.
 */
export function BasicDetailsForm({
  patientId,
  details,
  canEdit,
}: {
  patientId: number;
  details: BasicDetails;
  canEdit: boolean;
}) {
  const initial = useMemo(() => basicDetailsValues(details), [details]);
  const { control, handleSubmit, setError } = useForm<BasicDetailsValues>({
    defaultValues: initial,
    mode: 'onTouched',
  });
  const current = useWatch({ control }) as BasicDetailsValues;
  const hasChanges =
    changedFields<BasicDetailsValues>(initial, { ...initial, ...current }).length > 0;
  const dobRule = useMemo(() => pastDateRule(new Date()), []);
  const dobWarning = dateOfBirthWarning(current.dob, new Date());

  const { submit, saving } = useSubmitBasicDetails(patientId, initial, setError);
  const onSubmit = handleSubmit(submit);

  const text = (
    name: keyof BasicDetailsValues,
    label: string,
    validate: (value: string) => true | string,
    extra: { required?: boolean; helperText?: ReactNode; placeholder?: string } = {},
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      validate={validate}
      disabled={!canEdit}
      {...extra}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label="Basic details"
      onSubmit={(event) => void onSubmit(event)}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          maxWidth: 720,
        }}
      >
        {text('firstName', 'First name', NAME_RULES, { required: true })}
        {text('nickName', 'Nickname', OPTIONAL_NAME_RULES)}
        {text('middleName', 'Middle name', OPTIONAL_NAME_RULES)}
        {text('lastName', 'Last name', NAME_RULES, { required: true })}
        {text('dob', 'Date of birth', dobRule, {
          placeholder: 'MM/DD/YYYY',
          helperText: dobWarning && <FieldWarning>{dobWarning}</FieldWarning>,
        })}
        {text('employer', 'Employer', EMPLOYER_RULES)}
        {SELECTS.map(({ name, label, options }) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            label={label}
            select
            disabled={!canEdit}
          >
            <MenuItem value="">
              <em>Not set</em>
            </MenuItem>
            {optionsWith(options, initial[name]).map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </FormTextField>
        ))}
      </Box>
      {canEdit && (
        <Button
          type="submit"
          variant="contained"
          disabled={!hasChanges || saving}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save
        </Button>
      )}
    </Stack>
  );
}
