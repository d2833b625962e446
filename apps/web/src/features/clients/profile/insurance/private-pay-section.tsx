import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatShortDate, parseMoneyToCents, usualFeeProblem } from '@openpractice/domain';
import { useState, type SubmitEvent } from 'react';

import { useSaveFeedback } from '../lib/use-save-feedback';
import { useChangePrivatePay, useUpdateUsualFee } from './api/billing';
import type { ClientInsurance } from './api/types';
import { dollarsOf } from './authorization-forms';
import { INSURANCE_MESSAGES } from './messages';
import { SectionHeading } from './section-heading';

/** A typed fee as cents: null when blank, undefined when it is not an amount. */
export function typedFeeCents(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseMoneyToCents(text) ?? undefined;
}

/**
 * Private pay on or off, and the client's usual fee (typed in dollars, kept
 * in cents). Changing them needs billing access; others see them read-only.
 */
export function PrivatePaySection({
  patientId,
  insurance,
}: {
  patientId: number;
  insurance: ClientInsurance;
}) {
  const canEdit = insurance.access.canEditBilling;
  const privatePay = useChangePrivatePay(patientId);
  const usualFee = useUpdateUsualFee(patientId);
  const feedback = useSaveFeedback();
  const [fee, setFee] = useState(dollarsOf(insurance.usualFee));
  const [feeError, setFeeError] = useState<string | null>(null);

  const onToggle = async (on: boolean) => {
    try {
      feedback.saved(await privatePay.mutateAsync(on), INSURANCE_MESSAGES.billingSaved);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.privatePay, error);
    }
  };

  const onSaveFee = async (event: SubmitEvent) => {
    event.preventDefault();
    const cents = typedFeeCents(fee);
    const problem = cents === undefined ? usualFeeProblem(Number.NaN) : usualFeeProblem(cents);
    setFeeError(problem);
    if (problem !== null || cents === undefined) return;
    try {
      feedback.saved(await usualFee.mutateAsync(cents), INSURANCE_MESSAGES.billingSaved);
      setFee(dollarsOf(cents));
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.usualFee, error);
    }
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="insurance-private-pay-heading">
      <SectionHeading id="insurance-private-pay-heading">Private pay</SectionHeading>
      <Stack spacing={0.5}>
        <FormControlLabel
          label="Private pay (the client pays for sessions themselves)"
          control={
            <Switch
              checked={insurance.isPrivatePay}
              disabled={!canEdit || privatePay.isPending}
              onChange={(event) => void onToggle(event.target.checked)}
            />
          }
        />
        {insurance.privatePayChangedOn && (
          <Typography variant="body2" color="text.secondary">
            Last changed {formatShortDate(insurance.privatePayChangedOn)}
          </Typography>
        )}
      </Stack>
      <Stack
        component="form"
        noValidate
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(event: SubmitEvent) => void onSaveFee(event)}
      >
        <TextField
          label="Usual fee"
          value={fee}
          disabled={!canEdit}
          onChange={(event) => {
            setFee(event.target.value);
            setFeeError(null);
          }}
          error={feeError !== null}
          helperText={feeError ?? 'What the client is charged per session.'}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        {canEdit && (
          <Button type="submit" variant="outlined" loading={usualFee.isPending} sx={{ mt: 1 }}>
            Save usual fee
          </Button>
        )}
      </Stack>
      {!canEdit && (
        <Typography variant="body2" color="text.secondary">
          Changing private pay and the usual fee needs billing access.
        </Typography>
      )}
    </Stack>
  );
}
