import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { formatPhone, toFieldValidator } from '@openpractice/domain';
import { Controller, useForm } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { useSaveContact, type ClientContact } from '../api/contact-details';
import { wireText } from '../lib/changed-fields';
import { DetailDialog } from '../lib/detail-dialog';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** The server's limits (apps/server contact-details-routes.ts). */
const RULES = {
  firstName: toFieldValidator([{ name: 'required' }, { name: 'max', value: 50 }]),
  lastName: toFieldValidator([{ name: 'required' }, { name: 'max', value: 50 }]),
  relationship: toFieldValidator([{ name: 'max', value: 50 }]),
  phone: toFieldValidator([{ name: 'phone' }]),
  email: toFieldValidator([{ name: 'email' }, { name: 'max', value: 254 }]),
};

interface ContactValues {
  firstName: string;
  lastName: string;
  relationship: string;
  phone: string;
  email: string;
  isEmergencyContact: boolean;
}

const TEXT_FIELDS = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'relationship', label: 'Relationship', required: false },
  { name: 'phone', label: 'Phone', required: false },
  { name: 'email', label: 'Email', required: false },
] as const;

/** Adds a contact (`contact` null) or edits one. */
export function ContactDialog({
  patientId,
  contact,
  onClose,
}: {
  patientId: number;
  contact: ClientContact | null;
  onClose: () => void;
}) {
  const save = useSaveContact(patientId);
  const feedback = useSaveFeedback();
  const { control, handleSubmit, setError } = useForm<ContactValues>({
    defaultValues: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      relationship: contact?.relationship ?? '',
      phone: contact?.phone ? formatPhone(contact.phone) : '',
      email: contact?.email ?? '',
      isEmergencyContact: contact?.isEmergencyContact ?? false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      feedback.saved(
        await save.mutateAsync({
          ...(contact ? { contactId: contact.contactId } : {}),
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          relationship: wireText(values.relationship),
          phone: wireText(values.phone),
          email: wireText(values.email),
          isEmergencyContact: values.isEmergencyContact,
        }),
      );
      onClose();
    } catch (error) {
      feedback.failed(contactDetailMessage(contact ? 'save' : 'add', 'contact'), error);
      const field = fieldOf(error);
      if (field !== undefined && TEXT_FIELDS.some((f) => f.name === field)) {
        setError(field as keyof ContactValues, { message: errorMessage(error) });
      }
    }
  });

  return (
    <DetailDialog
      title={contact ? 'Edit contact' : 'Add contact'}
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
      <Controller
        control={control}
        name="isEmergencyContact"
        render={({ field }) => (
          <FormControlLabel
            label="Emergency contact"
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
