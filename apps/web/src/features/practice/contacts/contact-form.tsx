import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  contactKindHasNpi,
  email,
  fax,
  formatPhone,
  npiMessage,
  phone,
  PRACTICE_CONTACT_KIND_LABELS,
  PRACTICE_CONTACT_KINDS,
  required,
  zipShort,
  type PracticeContactKind,
} from '@openpractice/domain';
import { useForm, useWatch, type Path } from 'react-hook-form';

import { ApiError, errorMessage } from '../../../lib/api-client';
import type { PracticeContactDetail, PracticeContactInput } from './api';
import { ActiveCheckbox, SetupTextField } from './contact-fields';

export type ContactValues = Record<
  Exclude<keyof PracticeContactInput, 'active' | 'kind'>,
  string
> & {
  kind: PracticeContactKind;
  active: boolean;
};

const TEXT_FIELDS = [
  'name', 'organization', 'phone', 'phone2', 'fax', 'email', 'addressLine1', 'addressLine2',
  'city', 'state', 'zipcode', 'npi', 'notes',
] as const; // prettier-ignore

const asMessage = (result: unknown) => (typeof result === 'string' ? result : true);
const rule = (validator: (v: unknown) => unknown) => (value: string) => asMessage(validator(value));

function valuesOf(contact: PracticeContactDetail | null): ContactValues {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, contact?.[f] ?? '']),
  ) as unknown as Omit<ContactValues, 'kind' | 'active'>;
  const values: ContactValues = {
    ...text,
    kind: contact?.kind ?? 'referral_source',
    active: contact?.active ?? true,
  };
  for (const field of ['phone', 'phone2', 'fax'] as const) {
    if (values[field]) values[field] = formatPhone(values[field]);
  }
  return values;
}

/** The contact's fields, checked by the domain's rules as typed and by the server on save. */
export function ContactForm({
  contact,
  canEdit,
  onSave,
}: {
  contact: PracticeContactDetail | null;
  canEdit: boolean;
  onSave: (input: PracticeContactInput) => Promise<unknown>;
}) {
  const { control, handleSubmit, setError, formState } = useForm<ContactValues>({
    defaultValues: valuesOf(contact),
  });
  const kind = useWatch({ control, name: 'kind' });
  const submit = handleSubmit(async (values) => {
    const input = Object.fromEntries(
      TEXT_FIELDS.map((f) => [f, values[f].trim() === '' ? null : values[f].trim()]),
    ) as unknown as PracticeContactInput;
    try {
      await onSave({
        ...input,
        name: values.name.trim(),
        kind: values.kind,
        active: values.active,
        npi: contactKindHasNpi(values.kind) ? input.npi : null,
      });
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const known = TEXT_FIELDS.find((f) => f === field);
      setError(known ?? 'root', { message: errorMessage(error) });
    }
  });
  const text = (
    name: Path<ContactValues>,
    label: string,
    validate?: (v: string) => true | string,
  ) => (
    <SetupTextField
      control={control}
      name={name}
      label={label}
      disabled={!canEdit}
      {...(validate ? { validate } : {})}
    />
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label="Contact"
      onSubmit={(event) => void submit(event)}
    >
      {formState.errors.root && <Alert severity="error">{formState.errors.root.message}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <SetupTextField control={control} name="kind" select label="Kind" disabled={!canEdit}>
          {PRACTICE_CONTACT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {PRACTICE_CONTACT_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </SetupTextField>
        {text('name', 'Name (required)', rule(required))}
        {text('organization', 'Organization')}
        {text('email', 'Email', rule(email))}
        {text('phone', 'Phone', rule(phone))}
        {text('phone2', 'Other phone', rule(phone))}
        {text('fax', 'Fax', rule(fax))}
        {contactKindHasNpi(kind) && text('npi', 'NPI', (v) => npiMessage(v))}
        {text('addressLine1', 'Address')}
        {text('addressLine2', 'Address line 2')}
        {text('city', 'City')}
        {text('state', 'State')}
        {text('zipcode', 'ZIP code', rule(zipShort))}
      </Box>
      <SetupTextField
        control={control}
        name="notes"
        label="Notes"
        multiline
        minRows={2}
        disabled={!canEdit}
      />
      <ActiveCheckbox control={control} disabled={!canEdit} />
      {canEdit && (
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          sx={{ alignSelf: 'flex-start' }}
        >
          {contact ? 'Save' : 'Add contact'}
        </Button>
      )}
    </Stack>
  );
}
