import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { ReportPeriodFilter } from '../../../ui/report-period-filter';
import { useClientSummary } from '../api';
import { METHOD_LABELS } from '../logic/entry-text';
import { ChosenClient } from '../parts/chosen-client';
import { CLIENT_METHODS, type ReportView } from './report-view';

/** The client filter: a remembered or addressed client is shown by the name the server has. */
function ClientFilter({
  patientId,
  onChange,
}: {
  patientId: number | undefined;
  onChange: (patientId: number | undefined) => void;
}) {
  const summary = useClientSummary(patientId ?? 0, patientId !== undefined);
  const name = summary.data?.fullName ?? 'Loading…';
  return (
    <ChosenClient
      label="Client"
      client={patientId === undefined ? null : { id: patientId, name }}
      onChange={(client) => {
        onChange(client?.id);
      }}
    />
  );
}

/**
 * A report's own filters beside the therapist filter and export (ListControls): the period and,
 * where the report has them, the method and the client. Any change starts at the first page.
 */
export function ReportFilters({
  view,
  method = false,
  client = false,
  onChange,
}: {
  view: ReportView;
  method?: boolean;
  client?: boolean;
  onChange: (next: ReportView) => void;
}) {
  const set = (part: Partial<ReportView>) => {
    onChange({ ...view, ...part, page: 0 });
  };
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}
    >
      <ReportPeriodFilter period={view} onChange={set} />
      {method && (
        <TextField
          select
          size="small"
          label="Method"
          value={view.method ?? ''}
          onChange={(event) => {
            set({ method: CLIENT_METHODS.find((m) => m === event.target.value) });
          }}
          sx={{ minWidth: 180, maxWidth: '100%' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All methods</MenuItem>
          {CLIENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {client && (
        <ClientFilter
          patientId={view.patientId}
          onChange={(patientId) => {
            set({ patientId });
          }}
        />
      )}
    </Stack>
  );
}
