import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

import {
  CLIENT_STATUS_OPTIONS,
  useUpdateClientStatus,
  type ClientStatusValue,
} from '../api/statuses';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

const isStatus = (value: string): value is ClientStatusValue =>
  CLIENT_STATUS_OPTIONS.some((option) => option.value === value);

/** One therapist's status for the client, saved as soon as it is chosen. */
export function StatusSelect({
  patientId,
  therapistId,
  therapistName,
  status,
  disabled,
}: {
  patientId: number;
  therapistId: number;
  therapistName: string;
  status: string;
  disabled: boolean;
}) {
  const update = useUpdateClientStatus(patientId);
  const feedback = useSaveFeedback();
  const known = isStatus(status);

  const onChange = async (value: string) => {
    if (!isStatus(value) || value === status) return;
    try {
      feedback.saved(await update.mutateAsync({ therapistId, status: value }));
    } catch (error) {
      feedback.failed(MESSAGES.saveStatus, error);
    }
  };

  return (
    <TextField
      select
      size="small"
      label={`Status with ${therapistName}`}
      value={status}
      disabled={disabled || update.isPending}
      onChange={(event) => void onChange(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      {!known && <MenuItem value={status}>{status}</MenuItem>}
      {CLIENT_STATUS_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
