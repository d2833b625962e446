import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { formatPhone, toFieldValidator } from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { useSavePhone, type Phone } from '../api/contact-details';
import { wireText } from '../lib/changed-fields';
import { defaultChoice } from '../lib/default-flags';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

const NUMBER_RULE = toFieldValidator([{ name: 'required' }, { name: 'phone' }]);
const LABEL_RULE = toFieldValidator([{ name: 'max', value: 30 }]);

interface PhoneValues {
  contact: string;
  label: string;
  isDefault: boolean;
}

/** Adds a phone number (`phone` null) or edits one. */
export function PhoneDialog({
  patientId,
  phone,
  existingCount,
  onClose,
}: {
  patientId: number;
  phone: Phone | null;
  existingCount: number;
  onClose: () => void;
}) {
  const save = useSavePhone(patientId);
  const feedback = useSaveFeedback();
  const flag = defaultChoice(existingCount, phone);
  const { control, handleSubmit, setError } = useForm<PhoneValues>({
    defaultValues: {
      contact: phone ? formatPhone(phone.contact) : '',
      label: phone?.label ?? '',
      isDefault: flag.checked,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      feedback.saved(
        await save.mutateAsync({
          ...(phone ? { phoneId: phone.phoneId } : {}),
          contact: values.contact.trim(),
          label: wireText(values.label),
          isDefault: values.isDefault,
        }),
      );
      onClose();
    } catch (error) {
      feedback.failed(contactDetailMessage(phone ? 'save' : 'add', 'phone'), error);
      if (fieldOf(error) === 'contact') setError('contact', { message: errorMessage(error) });
    }
  });

  return (
    <DetailDialog
      title={phone ? 'Edit phone' : 'Add phone'}
      busy={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="contact"
        label="Phone number"
        placeholder="(888) 555-1212"
        required
        autoFocus
        validate={(value: string) => NUMBER_RULE(value.trim())}
        slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
      />
      <FormTextField
        control={control}
        name="label"
        label="Label"
        placeholder="Mobile, Home, Work"
        validate={(value: string) => LABEL_RULE(value)}
      />
      <Controller
        control={control}
        name="isDefault"
        render={({ field }) => (
          <FormControlLabel
            label="Default phone"
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
    </DetailDialog>
  );
}
