import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { toFieldValidator } from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { useSaveEmail, type Email } from '../api/contact-details';
import { defaultChoice } from '../lib/default-flags';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

const EMAIL_RULE = toFieldValidator([
  { name: 'required' },
  { name: 'email' },
  { name: 'max', value: 254 },
]);

interface EmailValues {
  contact: string;
  isDefault: boolean;
}

/** Adds an email address (`email` null) or edits one. */
export function EmailDialog({
  patientId,
  email,
  existingCount,
  onClose,
}: {
  patientId: number;
  email: Email | null;
  existingCount: number;
  onClose: () => void;
}) {
  const save = useSaveEmail(patientId);
  const feedback = useSaveFeedback();
  const flag = defaultChoice(existingCount, email);
  const { control, handleSubmit, setError } = useForm<EmailValues>({
    defaultValues: { contact: email?.contact ?? '', isDefault: flag.checked },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      feedback.saved(
        await save.mutateAsync({
          ...(email ? { emailId: email.emailId } : {}),
          contact: values.contact.trim(),
          isDefault: values.isDefault,
        }),
      );
      onClose();
    } catch (error) {
      feedback.failed(contactDetailMessage(email ? 'save' : 'add', 'email'), error);
      if (fieldOf(error) === 'contact') setError('contact', { message: errorMessage(error) });
    }
  });

  return (
    <DetailDialog
      title={email ? 'Edit email' : 'Add email'}
      busy={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="contact"
        label="Email address"
        type="email"
        required
        autoFocus
        validate={(value: string) => EMAIL_RULE(value.trim())}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <Controller
        control={control}
        name="isDefault"
        render={({ field }) => (
          <FormControlLabel
            label="Default email"
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
