import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useState } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { useRecordAdjustment, type AdjustmentBody, type LedgerEntry } from '../api';
import { ADJUSTMENT_LABELS } from '../logic/entry-text';
import { readMoney } from '../logic/money-input';
import { formErrorOf, type FormError } from '../logic/server-error';
import { ActionDialog } from '../parts/action-dialog';
import { NotationField } from '../parts/notation-field';
import { MoneyField } from '../parts/money-field';

const FIELDS = ['amountCents', 'kind', 'notation', 'chargeId'] as const;
const KINDS = Object.keys(ADJUSTMENT_LABELS) as AdjustmentBody['kind'][];

/** An adjustment on one charge (discount, write-off, contractual, transfer), up to what it owes. */
export function AdjustDialog({
  patientId,
  charge,
  chargeName,
  onClose,
}: {
  patientId: number;
  charge: LedgerEntry;
  chargeName: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const adjust = useRecordAdjustment(patientId);
  const [kind, setKind] = useState<AdjustmentBody['kind']>('discount');
  const [amount, setAmount] = useState('');
  const [notation, setNotation] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const open = charge.openCents ?? 0;

  const submit = () => {
    const money = readMoney(amount, open);
    if (money.error !== undefined) {
      setError({ field: 'amountCents', message: money.error });
      return;
    }
    setError(null);
    const body: AdjustmentBody = { chargeId: charge.entryId, amountCents: money.cents, kind };
    if (notation.trim() !== '') body.notation = notation.trim();
    adjust.mutate(body, {
      onSuccess: () => {
        notify.success('Adjustment recorded.');
        onClose();
      },
      onError: (failure) => {
        setError(formErrorOf(failure, FIELDS));
      },
    });
  };

  const on = (field: string) => (error?.field === field ? error.message : null);
  return (
    <ActionDialog
      open
      title="Adjust a charge"
      submitLabel="Record adjustment"
      busy={adjust.isPending}
      error={error && error.field === null ? error.message : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>
        {chargeName}: {formatMoney(open)} still owed.
      </Typography>
      <TextField
        select
        label="Kind"
        value={kind}
        onChange={(event) => {
          setKind(event.target.value as AdjustmentBody['kind']);
        }}
        error={Boolean(on('kind'))}
        helperText={on('kind')}
      >
        {KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {ADJUSTMENT_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      <MoneyField
        name="amount"
        label="Amount"
        autoFocus
        value={amount}
        onChange={setAmount}
        error={on('amountCents')}
        helperText={`Up to ${formatMoney(open)}.`}
      />
      <NotationField value={notation} onChange={setNotation} error={on('notation')} />
    </ActionDialog>
  );
}
