import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SHARED_FILTER_PRESETS } from '@openpractice/domain';

export interface Period {
  from: string;
  to: string;
}

/**
 * The shared report filter's period (spec-1 §9): two dates, and the presets
 * Last Month, Month to Date, Last Year, Year to date. The default (the start
 * of the year to today) is the server's, shown once a report has loaded.
 */
export function ReportPeriodFilter({
  period,
  onChange,
}: {
  period: Period;
  onChange: (next: Period) => void;
}) {
  return (
    <Stack spacing={1} role="group" aria-label="Period">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label="From"
          size="small"
          value={period.from}
          onChange={(event) => {
            if (event.target.value !== '') onChange({ ...period, from: event.target.value });
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="To"
          size="small"
          value={period.to}
          onChange={(event) => {
            if (event.target.value !== '') onChange({ ...period, to: event.target.value });
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {SHARED_FILTER_PRESETS.map((preset) => {
          const range = preset.range(new Date());
          const chosen = range.start === period.from && range.end === period.to;
          return (
            <Button
              key={preset.label}
              size="small"
              variant={chosen ? 'contained' : 'outlined'}
              aria-pressed={chosen}
              onClick={() => {
                onChange({ from: range.start, to: range.end });
              }}
            >
              {preset.label}
            </Button>
          );
        })}
      </Stack>
    </Stack>
  );
}
