import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatMoney, parseMoneyToCents } from '@openpractice/domain';
import { useId, useState, type SyntheticEvent } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useSaveService, type ManagedService } from './api';

type Flags = 'isTelehealth' | 'isGroup' | 'isDefault';
const FLAGS: { name: Flags; label: string }[] = [
  { name: 'isTelehealth', label: 'Telehealth allowed' },
  { name: 'isGroup', label: 'Group session service' },
  { name: 'isDefault', label: 'The practice’s default service' },
];

function ServiceFlags({
  flags,
  setFlags,
  busy,
}: {
  flags: Record<Flags, boolean>;
  setFlags: (update: (v: Record<Flags, boolean>) => Record<Flags, boolean>) => void;
  busy: boolean;
}) {
  return (
    <>
      {FLAGS.map((f) => (
        <FormControlLabel
          key={f.name}
          label={f.label}
          control={
            <Checkbox
              checked={flags[f.name]}
              onChange={(e) => {
                setFlags((v) => ({ ...v, [f.name]: e.target.checked }));
              }}
              disabled={busy}
            />
          }
        />
      ))}
    </>
  );
}

const flagsOf = (service: ManagedService | null): Record<Flags, boolean> => ({
  isTelehealth: service?.isTelehealth ?? false,
  isGroup: service?.isGroup ?? false,
  isDefault: service?.isDefault ?? false,
});

/** Adds a service (`service` null) or edits one; the fee is typed in dollars, stored in cents. */
export function ServiceDialog({
  service,
  onClose,
}: {
  service: ManagedService | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const save = useSaveService();
  const notify = useNotify();
  const [cptCode, setCptCode] = useState(service?.cptCode ?? '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 60));
  const [fee, setFee] = useState(service ? formatMoney(service.feeCents) : '');
  const [flags, setFlags] = useState(() => flagsOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const feeCents = parseMoneyToCents(fee);
    const minutes = Number(duration);
    const found: Record<string, string> = {};
    if (cptCode.trim() === '') found.cptCode = 'Enter the CPT code.';
    if (description.trim() === '') found.description = 'Enter a description of the service.';
    if (!Number.isInteger(minutes) || minutes < 1)
      found.durationMinutes = 'Enter the length in whole minutes.';
    if (feeCents === null) found.feeCents = 'Enter the fee in dollars, e.g. 150.00.';
    setErrors(found);
    if (Object.keys(found).length > 0 || feeCents === null) return;
    try {
      await save.mutateAsync({
        ...(service ? { productId: service.productId } : {}),
        cptCode: cptCode.trim().toUpperCase(),
        description,
        durationMinutes: minutes,
        feeCents,
        ...flags,
      });
      notify.success(service ? 'Service saved.' : 'Service added.');
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field) setErrors({ [field]: errorMessage(error) });
      else notify.error(`Unable to save the service. ${errorMessage(error)}`);
    }
  };

  const text = (
    name: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    helper = '',
    autoFocus = false,
  ) => (
    <TextField
      name={name}
      label={label}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => {
        onChange(e.target.value);
      }}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? helper}
      disabled={save.isPending}
    />
  );

  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby={titleId} onClose={onClose}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id={titleId}>
          {service ? `Edit ${service.cptCode}` : 'Add service'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text('cptCode', 'CPT code', cptCode, setCptCode, 'Five characters, e.g. 90837.', true)}
            {text('description', 'Description', description, setDescription)}
            {text('durationMinutes', 'Length (minutes)', duration, setDuration)}
            {text('feeCents', 'Default fee ($)', fee, setFee, 'Charged when no payer fee applies.')}
            <ServiceFlags flags={flags} setFlags={setFlags} busy={save.isPending} />
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
