import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { toFieldValidator } from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { useSaveAddress, type Address } from '../api/contact-details';
import { defaultChoice, mailingChoice } from '../lib/default-flags';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { addressFormValues, addressInputOf, type AddressValues } from './address-form';

/** The server's limits and rules (apps/server contact-details routes and service). */
const STATE_MESSAGE = 'Please enter a two-letter state code, e.g. ME.';
const RULES = {
  addressLine1: toFieldValidator([{ name: 'required' }, { name: 'max', value: 100 }]),
  addressLine2: toFieldValidator([{ name: 'max', value: 100 }]),
  city: toFieldValidator([{ name: 'required' }, { name: 'max', value: 60 }]),
  state: toFieldValidator([
    { name: 'required' },
    { name: 'regex', value: /^[A-Za-z]{2}$/, message: STATE_MESSAGE },
  ]),
  zipcode: toFieldValidator([{ name: 'required' }, { name: 'zipShort' }]),
};

const TEXT_FIELDS = [
  { name: 'addressLine1', label: 'Address line 1', required: true },
  { name: 'addressLine2', label: 'Address line 2', required: false },
  { name: 'city', label: 'City', required: true },
  { name: 'state', label: 'State', required: true },
  { name: 'zipcode', label: 'ZIP code', required: true },
] as const;

/** Adds an address (`address` null) or edits one. */
export function AddressDialog({
  patientId,
  address,
  existingCount,
  onClose,
}: {
  patientId: number;
  address: Address | null;
  existingCount: number;
  onClose: () => void;
}) {
  const save = useSaveAddress(patientId);
  const feedback = useSaveFeedback();
  const defaultFlag = defaultChoice(existingCount, address);
  const mailingFlag = mailingChoice(existingCount, address);
  const { control, handleSubmit, setError } = useForm<AddressValues>({
    defaultValues: addressFormValues(address, {
      isDefault: defaultFlag.checked,
      isMailing: mailingFlag.checked,
    }),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      feedback.saved(await save.mutateAsync(addressInputOf(values, address)));
      onClose();
    } catch (error) {
      feedback.failed(contactDetailMessage(address ? 'save' : 'add', 'address'), error);
      const field = fieldOf(error);
      if (field !== undefined && TEXT_FIELDS.some((f) => f.name === field)) {
        setError(field as keyof AddressValues, { message: errorMessage(error) });
      }
    }
  });

  return (
    <DetailDialog
      title={address ? 'Edit address' : 'Add address'}
      busy={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      {TEXT_FIELDS.map((field, index) => (
        <FormTextField
          key={field.name}
          control={control}
          name={field.name}
          label={field.label}
          required={field.required}
          autoFocus={index === 0}
          validate={(value: string) => RULES[field.name](value.trim())}
        />
      ))}
      <FormGroup>
        {(
          [
            { name: 'isDefault', label: 'Default address', flag: defaultFlag },
            { name: 'isMailing', label: 'Mailing address', flag: mailingFlag },
          ] as const
        ).map(({ name, label, flag }) => (
          <Box key={name}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  label={label}
                  disabled={flag.disabled}
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
          </Box>
        ))}
      </FormGroup>
    </DetailDialog>
  );
}
