import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  PRINT_RECORD_TYPE_LABELS,
  PRINT_RECORDS_PRESETS,
  PRINT_RELEASE_TEXT_MAX,
} from '@openpractice/domain';
import type { ReactNode } from 'react';

import type { PrintOptions } from './api';
import { toggleRecordType, type PrintValues, type ReleaseErrors } from './print-values';

const ALL_THERAPISTS = 'all';

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      {children}
    </FormControl>
  );
}

function DateRangeFields({
  values,
  today,
  onChange,
}: {
  values: PrintValues;
  today: string;
  onChange: (next: PrintValues) => void;
}) {
  return (
    <Section label="Dates">
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label="Start date"
            size="small"
            value={values.startDate}
            onChange={(event) => {
              onChange({ ...values, startDate: event.target.value });
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label="End date"
            size="small"
            value={values.endDate}
            onChange={(event) => {
              onChange({ ...values, endDate: event.target.value });
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {PRINT_RECORDS_PRESETS.map((preset) => {
            const range = preset.range(today);
            const chosen = range.start === values.startDate && range.end === values.endDate;
            return (
              <Button
                key={preset.label}
                size="small"
                variant={chosen ? 'contained' : 'outlined'}
                aria-pressed={chosen}
                onClick={() => {
                  onChange({ ...values, startDate: range.start, endDate: range.end });
                }}
              >
                {preset.label}
              </Button>
            );
          })}
        </Stack>
        <FormHelperText>
          A range needs both dates; with only one, both are cleared and every date is printed.
        </FormHelperText>
      </Stack>
    </Section>
  );
}

/** To whom and why: both needed, as every release is recorded with them. */
function ReleaseFields({
  values,
  errors,
  onChange,
}: {
  values: PrintValues;
  errors: ReleaseErrors;
  onChange: (next: PrintValues) => void;
}) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <TextField
        label="Released to"
        required
        size="small"
        value={values.releasedTo}
        error={errors.releasedTo !== undefined}
        helperText={
          errors.releasedTo ?? 'Who receives the records, e.g. the client or a physician.'
        }
        slotProps={{ htmlInput: { maxLength: PRINT_RELEASE_TEXT_MAX } }}
        onChange={(event) => {
          onChange({ ...values, releasedTo: event.target.value });
        }}
      />
      <TextField
        label="Release purpose"
        required
        size="small"
        value={values.releasePurpose}
        error={errors.releasePurpose !== undefined}
        helperText={
          errors.releasePurpose ?? 'Why, e.g. continuity of care or the client’s request.'
        }
        slotProps={{ htmlInput: { maxLength: PRINT_RELEASE_TEXT_MAX } }}
        onChange={(event) => {
          onChange({ ...values, releasePurpose: event.target.value });
        }}
      />
    </Stack>
  );
}

/** One PDF or one per type, and whether to be sent a message instead of waiting. */
function DeliveryChoices({
  values,
  onChange,
}: {
  values: PrintValues;
  onChange: (next: PrintValues) => void;
}) {
  return (
    <FormGroup>
      <FormControlLabel
        label="One PDF for all record types"
        control={
          <Switch
            checked={values.singlePdf}
            onChange={(event) => {
              onChange({ ...values, singlePdf: event.target.checked });
            }}
          />
        }
      />
      <FormControlLabel
        label="Send me a message when the PDFs are ready instead of waiting here"
        control={
          <Checkbox
            checked={values.sendCompleteMessage}
            onChange={(event) => {
              onChange({ ...values, sendCompleteMessage: event.target.checked });
            }}
          />
        }
      />
    </FormGroup>
  );
}

/**
 * The choices of a print (spec-1 §2 Print-records flow): record types, therapist, dates,
 * one PDF or one per type, to whom and why the records are released, and whether to be sent
 * a message instead of waiting.
 */
export function PrintForm({
  options,
  values,
  errors,
  busy,
  onChange,
  onSubmit,
}: {
  options: PrintOptions;
  values: PrintValues;
  errors: ReleaseErrors;
  busy: boolean;
  onChange: (next: PrintValues) => void;
  onSubmit: () => void;
}) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Section label="Record types">
        <FormGroup>
          {options.recordTypes.map((type) => (
            <FormControlLabel
              key={type}
              label={PRINT_RECORD_TYPE_LABELS[type]}
              control={
                <Checkbox
                  checked={values.recordTypes.includes(type)}
                  onChange={(event) => {
                    onChange({
                      ...values,
                      recordTypes: toggleRecordType(values.recordTypes, type, event.target.checked),
                    });
                  }}
                />
              }
            />
          ))}
        </FormGroup>
      </Section>
      <TextField
        select
        label="Therapist"
        size="small"
        value={values.therapistId === null ? ALL_THERAPISTS : String(values.therapistId)}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ ...values, therapistId: value === ALL_THERAPISTS ? null : Number(value) });
        }}
        sx={{ maxWidth: 360 }}
      >
        <MenuItem value={ALL_THERAPISTS}>All therapists</MenuItem>
        {options.therapists.map((t) => (
          <MenuItem key={t.therapistId} value={String(t.therapistId)}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <DateRangeFields values={values} today={options.today} onChange={onChange} />
      <ReleaseFields values={values} errors={errors} onChange={onChange} />
      <DeliveryChoices values={values} onChange={onChange} />
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          Print records
        </Button>
      </div>
    </Stack>
  );
}
