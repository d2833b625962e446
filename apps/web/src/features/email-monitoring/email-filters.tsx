import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { ReportPeriodFilter, type Period } from '../../ui/report-period-filter';
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, type EmailStatus } from './api';

type Filters = { address: string; status: EmailStatus | ''; period: Period };

/** Address, status and period; any change goes back to the first page. */
export function EmailFilters({
  address,
  status,
  period,
  onChange,
}: Filters & { onChange: (next: Partial<Filters>) => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2} role="group" aria-label="Filters">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Address"
            size="small"
            value={address}
            onChange={(event) => {
              onChange({ address: event.target.value });
            }}
          />
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => {
              onChange({ status: event.target.value as EmailStatus | '' });
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">Any</MenuItem>
            {EMAIL_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {EMAIL_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <ReportPeriodFilter
          period={period}
          onChange={(next) => {
            onChange({ period: next });
          }}
        />
      </Stack>
    </Paper>
  );
}
