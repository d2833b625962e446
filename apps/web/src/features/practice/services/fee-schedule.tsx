import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, parseMoneyToCents } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useFeeSchedules, useSaveFeeSchedule, type ManagedService } from './api';

/** One payer's fee for each service; a blank fee means the service's default fee. */
export function FeeSchedule({ services }: { services: ManagedService[] }) {
  const schedules = useFeeSchedules();
  const save = useSaveFeeSchedule();
  const notify = useNotify();
  const [payerId, setPayerId] = useState<number | ''>('');
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  if (schedules.isError) return <Alert severity="error">{errorMessage(schedules.error)}</Alert>;
  const data = schedules.data;
  if (!data) return null;
  if (data.payers.length === 0)
    return <Alert severity="info">Add insurance payers to set a fee schedule for each.</Alert>;

  const choose = (id: number) => {
    setPayerId(id);
    setError(null);
    const fees = data.fees.filter((f) => f.practice_insurance_id === id);
    setTyped(
      Object.fromEntries(
        services.map((s) => {
          const fee = fees.find((f) => f.productId === s.productId);
          return [s.productId, fee ? formatMoney(fee.feeCents) : ''];
        }),
      ),
    );
  };

  const onSave = async () => {
    if (payerId === '') return;
    const fees = [];
    for (const s of services) {
      const text = (typed[s.productId] ?? '').trim();
      const cents = text === '' ? null : parseMoneyToCents(text);
      if (text !== '' && cents === null) {
        setError(`Enter the fee for ${s.cptCode} in dollars, e.g. 150.00.`);
        return;
      }
      fees.push({ productId: s.productId, feeCents: cents });
    }
    try {
      await save.mutateAsync({ practice_insurance_id: payerId, fees });
      notify.success('Fee schedule saved.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        Fee schedule by payer
      </Typography>
      <TextField
        select
        label="Payer"
        name="payer"
        value={payerId}
        onChange={(e) => {
          choose(Number(e.target.value));
        }}
        sx={{ maxWidth: 420 }}
      >
        {data.payers.map((p) => (
          <MenuItem key={p.practice_insurance_id} value={p.practice_insurance_id}>
            {p.label}
            {p.active ? '' : ' (ended)'}
          </MenuItem>
        ))}
      </TextField>
      {payerId !== '' && (
        <>
          {services.map((s) => (
            <TextField
              key={s.productId}
              label={`${s.cptCode} fee ($)`}
              name={`fee-${s.cptCode}`}
              value={typed[s.productId] ?? ''}
              placeholder={formatMoney(s.feeCents)}
              helperText={`Blank: the default ${formatMoney(s.feeCents)}`}
              onChange={(e) => {
                setTyped((v) => ({ ...v, [s.productId]: e.target.value }));
              }}
              sx={{ maxWidth: 260 }}
            />
          ))}
          {error && <Alert severity="error">{error}</Alert>}
          <div>
            <Button variant="contained" onClick={() => void onSave()} disabled={save.isPending}>
              Save fee schedule
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
