import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatPhone,
  npiMessage,
  phone,
  required,
  tinMessage,
  US_TIMEZONES,
  zipShort,
} from '@openpractice/domain';
import { useForm, type Path } from 'react-hook-form';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { SettingsSection } from '../../../ui/settings-section';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import { SetupTextField } from '../contacts/contact-fields';
import { usePracticeInfo, useSavePracticeInfo, type PracticeInfo } from './api';

const FIELDS = [
  'name', 'legalName', 'tin', 'npi', 'addressLine1', 'addressLine2', 'city', 'state', 'zipcode',
  'phone', 'timezone',
] as const; // prettier-ignore
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const asMessage = (result: unknown) => (typeof result === 'string' ? result : true);

function valuesOf(info: PracticeInfo): Values {
  const values = Object.fromEntries(FIELDS.map((f) => [f, info[f] ?? ''])) as Values;
  if (values.phone) values.phone = formatPhone(values.phone);
  return values;
}

function InfoForm({ info, canEdit }: { info: PracticeInfo; canEdit: boolean }) {
  const save = useSavePracticeInfo();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: valuesOf(info),
  });
  const submit = handleSubmit(async (values) => {
    const blankAsNull = (v: string) => (v.trim() === '' ? null : v.trim());
    try {
      await save.mutateAsync({
        name: values.name.trim(),
        legalName: blankAsNull(values.legalName),
        tin: blankAsNull(values.tin),
        npi: blankAsNull(values.npi),
        addressLine1: blankAsNull(values.addressLine1),
        addressLine2: blankAsNull(values.addressLine2),
        city: blankAsNull(values.city),
        state: blankAsNull(values.state),
        zipcode: blankAsNull(values.zipcode),
        phone: blankAsNull(values.phone),
        timezone: values.timezone,
      });
      enqueueSnackbar('Practice information saved.', { variant: 'success' });
    } catch (error) {
      const field = error instanceof ApiError ? FIELDS.find((f) => f === error.field) : undefined;
      setError(field ?? 'root', { message: errorMessage(error) });
    }
  });
  const text = (name: Path<Values>, label: string, validate?: (v: string) => true | string) => (
    <SetupTextField
      control={control}
      name={name}
      label={label}
      disabled={!canEdit}
      {...(validate ? { validate } : {})}
    />
  );
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      {formState.errors.root && <Alert severity="error">{formState.errors.root.message}</Alert>}
      {!canEdit && (
        <Typography color="text.secondary">
          Only managers change the practice information.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <SetupTextField
          control={control}
          name="name"
          label="Practice name"
          required
          disabled={!canEdit}
          validate={(v) => asMessage(required(v))}
        />
        {text('legalName', 'Legal name')}
        {text('tin', 'Tax ID (EIN)', (v) => tinMessage(v))}
        {text('npi', 'Organization NPI', (v) => npiMessage(v))}
        {text('addressLine1', 'Address')}
        {text('addressLine2', 'Address line 2')}
        {text('city', 'City')}
        {text('state', 'State')}
        {text('zipcode', 'ZIP code', (v) => asMessage(zipShort(v)))}
        {text('phone', 'Phone', (v) => asMessage(phone(v)))}
        <SetupTextField
          control={control}
          name="timezone"
          select
          label="Time zone"
          disabled={!canEdit}
        >
          {US_TIMEZONES.map((zone) => (
            <MenuItem key={zone.name} value={zone.name}>
              {zone.label}
            </MenuItem>
          ))}
        </SetupTextField>
      </Box>
      {canEdit && (
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isDirty || formState.isSubmitting}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save practice information
        </Button>
      )}
    </Stack>
  );
}

/** Practice information (issue 16 item 8): names, tax id, NPI, address, phone, time zone. */
export function PracticeInfoSection({ canEdit }: { canEdit: boolean }) {
  const info = usePracticeInfo();
  return (
    <SettingsSection title="Practice information" query={info}>
      {(data) => <InfoForm key={info.dataUpdatedAt} info={data} canEdit={canEdit} />}
    </SettingsSection>
  );
}
