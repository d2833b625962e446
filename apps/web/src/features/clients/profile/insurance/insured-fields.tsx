import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { INSURED_RELATIONSHIP_LABELS, INSURED_RELATIONSHIPS } from '@openpractice/domain';
import { useWatch, type Control } from 'react-hook-form';

import { FormTextField } from '../lib/form-text-field';
import type { PolicyFormValues } from './policy-form';

/** Who holds the policy: the client, or someone else whose name and birth date the claim needs. */
export function InsuredFields({ control }: { control: Control<PolicyFormValues> }) {
  const dependent = useWatch({ control, name: 'insuredRelationship' }) !== 'self';
  return (
    <>
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
    </>
  );
}
