import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PLACE_OF_SERVICE_CODES } from '@openpractice/domain';
import { useId, useState, type SyntheticEvent } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useSaveLocation, type LocationSave, type ManagedLocation } from './api';

type Values = Omit<LocationSave, 'practiceLocationId'>;

const TEXT_FIELDS = [
  { name: 'name', label: 'Name', required: true },
  { name: 'addressLine1', label: 'Address' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zipcode', label: 'ZIP code' },
  { name: 'phone', label: 'Phone' },
] as const;

function valuesOf(location: ManagedLocation | null): Values {
  return {
    name: location?.name ?? '',
    color: location?.color ?? '#1E88E5',
    addressLine1: location?.addressLine1 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    zipcode: location?.zipcode ?? '',
    phone: location?.phone ?? '',
    placeOfServiceCode: location?.placeOfServiceCode ?? '11',
    isDefault: location?.isDefault ?? false,
  };
}

function LocationExtras({
  values,
  set,
  errors,
  busy,
}: {
  values: Values;
  set: <K extends keyof Values>(name: K, value: Values[K]) => void;
  errors: Record<string, string>;
  busy: boolean;
}) {
  return (
    <>
      <TextField
        name="color"
        label="Colour on the calendar"
        type="color"
        value={values.color}
        onChange={(e) => {
          set('color', e.target.value);
        }}
        error={errors.color !== undefined}
        helperText={errors.color ?? 'Appointments here show in this colour.'}
        disabled={busy}
      />
      <TextField
        select
        name="placeOfServiceCode"
        label="Place of service"
        value={values.placeOfServiceCode}
        onChange={(e) => {
          set('placeOfServiceCode', e.target.value);
        }}
        error={errors.placeOfServiceCode !== undefined}
        helperText={errors.placeOfServiceCode ?? 'The code claims use for appointments here.'}
        disabled={busy}
      >
        {PLACE_OF_SERVICE_CODES.map((p) => (
          <MenuItem key={p.code} value={p.code}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        label="The practice's default location"
        control={
          <Checkbox
            checked={values.isDefault}
            onChange={(e) => {
              set('isDefault', e.target.checked);
            }}
            disabled={busy}
          />
        }
      />
      {errors.isDefault && <span role="alert">{errors.isDefault}</span>}
    </>
  );
}

/** Adds a location (`location` null) or edits one. */
export function LocationDialog({
  location,
  onClose,
}: {
  location: ManagedLocation | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const save = useSaveLocation();
  const notify = useNotify();
  const [values, setValues] = useState<Values>(() => valuesOf(location));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
  };

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (values.name.trim() === '') {
      setErrors({ name: 'Enter the location’s name.' });
      return;
    }
    try {
      await save.mutateAsync({
        ...values,
        ...(location ? { practiceLocationId: location.practiceLocationId } : {}),
      });
      notify.success(location ? 'Location saved.' : 'Location added.');
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field) setErrors({ [field]: errorMessage(error) });
      else notify.error(`Unable to save the location. ${errorMessage(error)}`);
    }
  };

  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby={titleId} onClose={onClose}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id={titleId}>
          {location ? `Edit ${location.name}` : 'Add location'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {TEXT_FIELDS.map((f, i) => (
              <TextField
                key={f.name}
                name={f.name}
                label={f.label}
                required={'required' in f}
                autoFocus={i === 0}
                value={values[f.name] ?? ''}
                onChange={(e) => {
                  set(f.name, e.target.value);
                }}
                error={errors[f.name] !== undefined}
                helperText={errors[f.name] ?? ''}
                disabled={save.isPending}
              />
            ))}
            <LocationExtras values={values} set={set} errors={errors} busy={save.isPending} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
