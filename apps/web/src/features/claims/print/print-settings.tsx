import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import type { PrintMode } from './api';

/**
 * How the CMS-1500 prints: on plain paper with the form drawn, or data only on red pre-printed
 * forms, moved by a printer offset in points. Remembered in this browser, since the offset
 * belongs to the printer beside it (another desk's printer feeds differently).
 */
export type PrintSettings = { mode: PrintMode; offsetX: number; offsetY: number };

const KEY = 'openpractice.claimPrint';
/** The server's bounds (MAX_PRINT_OFFSET): half an inch either way. */
export const MAX_OFFSET = 36;
const DEFAULTS: PrintSettings = { mode: 'form', offsetX: 0, offsetY: 0 };

const inBounds = (n: unknown) =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= MAX_OFFSET ? n : 0;

export function readPrintSettings(): PrintSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<PrintSettings> | null;
    if (!stored) return DEFAULTS;
    return {
      mode: stored.mode === 'data' ? 'data' : 'form',
      offsetX: inBounds(stored.offsetX),
      offsetY: inBounds(stored.offsetY),
    };
  } catch {
    return DEFAULTS;
  }
}

export function savePrintSettings(settings: PrintSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage may be full or off: the settings still apply to this print.
  }
}

/** An offset field's text, and its error when it is not a number within the bounds. */
export function offsetError(text: string): string | undefined {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return 'Enter a number of points.';
  if (Math.abs(value) > MAX_OFFSET) return `Between -${MAX_OFFSET} and ${MAX_OFFSET} points.`;
  return undefined;
}

export type OffsetTexts = { x: string; y: string };

export function usePrintSettings() {
  const [initial] = useState(readPrintSettings);
  const [mode, setMode] = useState<PrintMode>(initial.mode);
  const [offset, setOffset] = useState<OffsetTexts>({
    x: String(initial.offsetX),
    y: String(initial.offsetY),
  });
  return { mode, setMode, offset, setOffset };
}

export function PrintSettingsFields({
  mode,
  onMode,
  offset,
  onOffset,
}: {
  mode: PrintMode;
  onMode: (mode: PrintMode) => void;
  offset: OffsetTexts;
  onOffset: (offset: OffsetTexts) => void;
}) {
  const field = (name: 'x' | 'y', label: string, help: string) => {
    const error = offsetError(offset[name]);
    return (
      <TextField
        label={label}
        size="small"
        type="number"
        value={offset[name]}
        onChange={(event) => {
          onOffset({ ...offset, [name]: event.target.value });
        }}
        error={error !== undefined}
        helperText={error ?? help}
        slotProps={{ htmlInput: { step: 0.5, min: -MAX_OFFSET, max: MAX_OFFSET } }}
        sx={{ maxWidth: 220 }}
      />
    );
  };
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="claim-print-mode">Print on</FormLabel>
        <RadioGroup
          aria-labelledby="claim-print-mode"
          value={mode}
          onChange={(event) => {
            onMode(event.target.value === 'data' ? 'data' : 'form');
          }}
        >
          <FormControlLabel
            value="form"
            control={<Radio />}
            label="Plain paper: the form is drawn in red under the claim"
          />
          <FormControlLabel
            value="data"
            control={<Radio />}
            label="Red pre-printed CMS-1500 forms: the claim's data only"
          />
        </RadioGroup>
      </FormControl>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        role="group"
        aria-label="Printer offset"
      >
        {field('x', 'Move right (points)', '72 points make an inch; negative moves left.')}
        {field('y', 'Move down (points)', 'Negative moves up. Remembered in this browser.')}
      </Stack>
    </Stack>
  );
}
