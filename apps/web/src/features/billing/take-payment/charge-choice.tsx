import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { formatMoney, formatUsDate } from '@openpractice/domain';

import type { OpenCharge, Split } from '../logic/allocation';

function chargeLabel(charge: OpenCharge): string {
  const day = charge.dateOfService ? ` of ${formatUsDate(charge.dateOfService)}` : '';
  return `${charge.cptCode ?? 'Session'}${day}: ${formatMoney(charge.openCents)} owed`;
}

/**
 * The open charges a payment may pay, oldest first, each with what this payment applies to it.
 * Unchecking one leaves it owing; the money goes to the others in the same order.
 */
export function ChargeChoice({
  charges,
  chosen,
  split,
  error,
  onToggle,
}: {
  charges: readonly OpenCharge[];
  chosen: ReadonlySet<number>;
  split: Split;
  error: string | null;
  onToggle: (chargeId: number) => void;
}) {
  if (charges.length === 0) {
    return (
      <Typography color="text.secondary">
        No charge is open: the payment will be kept as credit.
      </Typography>
    );
  }
  const applied = new Map(split.allocations.map((a) => [a.chargeId, a.amountCents]));
  return (
    <FormControl component="fieldset" error={error !== null}>
      <FormLabel component="legend">Apply to charges (oldest first)</FormLabel>
      <FormGroup>
        {charges.map((charge) => {
          const amount = applied.get(charge.chargeId);
          return (
            <FormControlLabel
              key={charge.chargeId}
              control={
                <Checkbox
                  checked={chosen.has(charge.chargeId)}
                  onChange={() => {
                    onToggle(charge.chargeId);
                  }}
                />
              }
              label={
                <span>
                  {chargeLabel(charge)}
                  {amount !== undefined && (
                    <Typography component="span" color="text.secondary">
                      {` · applies ${formatMoney(amount)}`}
                    </Typography>
                  )}
                </span>
              }
            />
          );
        })}
      </FormGroup>
      {error !== null && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
