import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type { PickedClient } from '../../../ui/client-picker';
import { ActionDialog } from '../parts/action-dialog';
import { ChosenClient } from '../parts/chosen-client';
import { MoneyField } from '../parts/money-field';
import { NotationField } from '../parts/notation-field';
import { ChargeChoice } from '../take-payment/charge-choice';
import { useInsurancePayment } from './use-insurance-payment';

/** The payment's form once a client is chosen. */
function PaymentFields({ client, onClose }: { client: PickedClient; onClose: () => void }) {
  const form = useInsurancePayment(client, onClose);
  return (
    <ActionDialog
      open
      title="Enter an insurance payment"
      submitLabel="Record payment"
      busy={form.busy}
      error={form.errors.form}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Typography>{`Client: ${client.name}`}</Typography>
      <MoneyField
        label="Amount"
        name="amount"
        autoFocus
        value={form.values.amount}
        onChange={form.set.amount}
        error={form.errors.amount}
      />
      <TextField
        label="Check number"
        required
        value={form.values.reference}
        onChange={(event) => {
          form.set.reference(event.target.value);
        }}
        error={form.errors.reference !== null}
        helperText={form.errors.reference ?? 'The insurer’s check or payment number, as printed.'}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {form.ledgerLoaded && (
        <ChargeChoice
          charges={form.charges}
          chosen={form.values.chosen}
          split={form.split}
          error={form.errors.allocations}
          onToggle={form.toggle}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        What the chosen sessions do not take stays on the client’s account as credit.
      </Typography>
      <NotationField
        value={form.values.notation}
        onChange={form.set.notation}
        error={form.errors.notation}
      />
    </ActionDialog>
  );
}

/** 'Enter an insurance payment': choose the client, then the payment's form. */
export function InsurancePaymentDialog({ onClose }: { onClose: () => void }) {
  const [client, setClient] = useState<PickedClient | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  if (client) return <PaymentFields client={client} onClose={onClose} />;
  return (
    <ActionDialog
      open
      title="Enter an insurance payment"
      submitLabel="Next"
      busy={false}
      error={unchosen ? 'Choose the client the insurer paid for.' : null}
      onSubmit={() => {
        setUnchosen(true);
      }}
      onClose={onClose}
    >
      <ChosenClient label="Client" client={null} onChange={setClient} />
    </ActionDialog>
  );
}
