import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { billingApi } from '../../../config/paths/api-billing';
import { errorMessage } from '../../../lib/api-client';
import { answerMessage, ApiError } from '../../../lib/api-errors';
import { saveFile } from '../../../lib/save-file';
import { ActionDialog } from '../parts/action-dialog';
import { lastMonth, periodErrors, type PeriodErrors } from '../statements/statement-period';

/**
 * Downloads a client's superbill for a period: the document a client sends their insurer,
 * not a bill (the dialog says so, as clients confuse it with the statement). Read as a file
 * rather than followed as a link, so a refusal shows here instead of replacing the page.
 */
export function SuperbillDialog({
  patientId,
  onClose,
}: {
  patientId: number;
  onClose: () => void;
}) {
  const [period, setPeriod] = useState(() => lastMonth(new Date()));
  const [errors, setErrors] = useState<PeriodErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    const found = periodErrors(period);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetch(billingApi.superbill(patientId, period.from, period.to), {
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw new ApiError(response.status, answerMessage(response.status, body), body);
      }
      saveFile(
        await response.blob(),
        `superbill-${period.from}-${period.to}.pdf`,
        'application/pdf',
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      label={label}
      size="small"
      required
      value={period[name]}
      onChange={(event) => {
        setPeriod({ ...period, [name]: event.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <ActionDialog
      open
      title="Superbill"
      submitLabel="Download superbill"
      busy={busy}
      error={failure}
      onSubmit={() => void download()}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        For the client to send their insurer: each session’s codes, the fees and what the client
        paid in the period. It is not a bill.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Period">
        {field('from', 'From')}
        {field('to', 'To')}
      </Stack>
    </ActionDialog>
  );
}
