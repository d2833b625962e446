import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';

import type { ClientLedger } from '../api';
import { AgingTable } from '../parts/aging-table';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack component="div" spacing={0.5}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The client's standing at a glance: what they owe, the credit they hold (payments not yet
 * applied to a charge), and how old what they owe is.
 */
export function LedgerSummary({ ledger }: { ledger: ClientLedger }) {
  return (
    <Stack spacing={2}>
      <Stack component="dl" direction="row" spacing={4} sx={{ m: 0, flexWrap: 'wrap' }} useFlexGap>
        <Figure label="Balance" value={formatMoney(ledger.balanceCents)} testId="ledger-balance" />
        <Figure label="Credit" value={formatMoney(ledger.creditCents)} testId="ledger-credit" />
      </Stack>
      <AgingTable aging={ledger.aging} basis={ledger.agingBasis} />
    </Stack>
  );
}
