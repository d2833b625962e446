import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { US_TIMEZONES } from '@openpractice/domain';
import { useState } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useUpdateAgentTherapists, useUpdateStaffTherapist, type StaffMember } from './api';

export type TherapistOption = { therapistId: number; name: string };

function TherapistPicker({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: readonly TherapistOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  return (
    <Autocomplete
      multiple
      options={[...options]}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.therapistId === b.therapistId}
      value={options.filter((o) => value.includes(o.therapistId))}
      onChange={(_event, chosen) => {
        onChange(chosen.map((o) => o.therapistId));
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={error !== undefined} helperText={error} />
      )}
    />
  );
}

type Switches = { telehealthEnabled: boolean; usesCharting: boolean };

function TherapistSwitches({
  form,
  onChange,
  disabled,
}: {
  form: Switches;
  onChange: (next: Partial<Switches>) => void;
  disabled: boolean;
}) {
  const setForm = (next: Switches) => {
    onChange(next);
  };
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={form.telehealthEnabled}
            onChange={(_e, on) => {
              setForm({ ...form, telehealthEnabled: on });
            }}
            disabled={disabled}
          />
        }
        label="Offers telehealth"
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.usesCharting}
            onChange={(_e, on) => {
              setForm({ ...form, usesCharting: on });
            }}
            disabled={disabled}
          />
        }
        label="Uses charting"
      />
    </>
  );
}

function TimeZoneSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (timezone: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <TextField
      select
      label="Time zone"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      error={error !== undefined}
      helperText={error}
      disabled={disabled}
    >
      <MenuItem value="">The practice’s time zone</MenuItem>
      {US_TIMEZONES.map((zone) => (
        <MenuItem key={zone.name} value={zone.name}>
          {zone.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const formOf = (t: NonNullable<StaffMember['therapist']>) => ({
  credentials: t.credentials ?? '',
  npi: t.npi ?? '',
  taxonomyCode: t.taxonomyCode ?? '',
  licenseNumber: t.licenseNumber ?? '',
  licenseState: t.licenseState ?? '',
  timezone: t.timezone ?? '',
  telehealthEnabled: t.telehealthEnabled,
  usesCharting: t.usesCharting,
  supervisorIds: t.supervisorIds,
  superviseeIds: t.superviseeIds,
});

type Text = 'credentials' | 'npi' | 'taxonomyCode' | 'licenseNumber' | 'licenseState';

/** A therapist's professional details and supervision. */
export function TherapistForm({
  member,
  therapists,
  disabled,
}: {
  member: StaffMember & { therapist: NonNullable<StaffMember['therapist']> };
  therapists: readonly TherapistOption[];
  disabled: boolean;
}) {
  const save = useUpdateStaffTherapist();
  const notify = useNotify();
  const t = member.therapist;
  const [form, setForm] = useState(() => formOf(t));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const others = therapists.filter((o) => o.therapistId !== t.therapistId);

  const errorOf = (name: string) => (fieldError?.field === name ? fieldError.message : undefined);

  const text = (name: Text, label: string, helper?: string) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(event) => {
        setForm({ ...form, [name]: event.target.value });
      }}
      error={errorOf(name) !== undefined}
      helperText={errorOf(name) ?? helper}
      disabled={disabled}
      fullWidth
    />
  );

  const submit = async () => {
    setFieldError(null);
    try {
      await save.mutateAsync({ userId: member.userId, ...form, timezone: form.timezone || null });
      notify.success('Therapist details saved.');
    } catch (error) {
      if (error instanceof ApiError && error.field)
        setFieldError({ field: error.field, message: error.message });
    }
  };

  return (
    <Stack spacing={2}>
      {save.error && !(save.error instanceof ApiError && save.error.field) ? (
        <Alert severity="error">{errorMessage(save.error)}</Alert>
      ) : null}
      {text('credentials', 'Credentials', 'E.g. LCSW, PhD')}
      {text('npi', 'NPI', '10 digits')}
      {text('taxonomyCode', 'Taxonomy code', 'E.g. 101YM0800X')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('licenseNumber', 'Licence number')}
        {text('licenseState', 'Licence state', 'Two letters')}
      </Stack>
      <TimeZoneSelect
        value={form.timezone}
        onChange={(timezone) => {
          setForm({ ...form, timezone });
        }}
        error={errorOf('timezone')}
        disabled={disabled}
      />
      <TherapistSwitches
        form={form}
        onChange={(next) => {
          setForm({ ...form, ...next });
        }}
        disabled={disabled}
      />
      <TherapistPicker
        label="Supervisors"
        options={others}
        value={form.supervisorIds}
        onChange={(ids) => {
          setForm({ ...form, supervisorIds: ids });
        }}
        error={errorOf('supervisorIds')}
      />
      <TherapistPicker
        label="Supervisees"
        options={others}
        value={form.superviseeIds}
        onChange={(ids) => {
          setForm({ ...form, superviseeIds: ids });
        }}
        error={errorOf('superviseeIds')}
      />
      <Button
        variant="contained"
        onClick={() => void submit()}
        disabled={disabled || save.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save therapist details
      </Button>
    </Stack>
  );
}

/** The therapists whose calendars an external agent sees. */
export function AgentTherapistsForm({
  member,
  therapists,
}: {
  member: StaffMember;
  therapists: readonly TherapistOption[];
}) {
  const save = useUpdateAgentTherapists();
  const notify = useNotify();
  const [ids, setIds] = useState<number[]>(member.agentTherapistIds);
  return (
    <Stack spacing={2}>
      {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <TherapistPicker
        label="Assigned therapists"
        options={therapists}
        value={ids}
        onChange={setIds}
      />
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={save.isPending}
        onClick={() =>
          void save
            .mutateAsync({ userId: member.userId, therapistIds: ids })
            .then(() => notify.success('Assigned therapists saved.'))
            .catch(() => undefined)
        }
      >
        Save assigned therapists
      </Button>
    </Stack>
  );
}
