import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import type { PickedClient } from '../../../ui/client-picker';
import { ChosenClient } from '../parts/chosen-client';
import { PaymentPanel } from '../take-payment/payment-panel';

/**
 * `/billing/virtualTerminal` (spec-1 §2, payment role): staff key a card for any client of the
 * practice — one typed now on the processor's fields, or one the client keeps on file — for an
 * amount they choose, applied to the client's open charges or left as credit. It is Take
 * payment's form for the client picked, limited to a card through the processor: a declined
 * card shows the processor's words and records nothing.
 */
export function VirtualTerminalPage({ mayOpenLedger }: { mayOpenLedger: boolean }) {
  const [client, setClient] = useState<PickedClient | null>(null);
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Virtual terminal
        </Typography>
        <Typography color="text.secondary">
          Charge a card for any client: find the client, then enter their card or choose one they
          keep on file.
        </Typography>
      </Stack>
      <ChosenClient label="Client" client={client} onChange={setClient} />
      {client !== null && (
        <Stack spacing={3} component="section" aria-label={`Card payment from ${client.name}`}>
          {/* A new panel for each client: nothing typed for one is kept for the next. */}
          <PaymentPanel
            key={client.id}
            patientId={client.id}
            cardOnly
            mayOpenLedger={mayOpenLedger}
          />
        </Stack>
      )}
    </Stack>
  );
}
