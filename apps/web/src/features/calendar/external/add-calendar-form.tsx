import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXTERNAL_CALENDAR_COLOURS,
  EXTERNAL_CALENDAR_NAME_MAX,
  checkIcsAddress,
} from '@openpractice/domain';
import { useId, useState, type SyntheticEvent } from 'react';

import { ApiError, errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useAddExternalCalendar, type NewExternalCalendar } from './api';
import { Swatch } from './swatch';

type Colour = NewExternalCalendar['color'];

/** Connects a new outside calendar by its ICS address, checked here before it is sent. */
export function AddCalendarForm({ onAdded, disabled }: { onAdded: () => void; disabled: boolean }) {
  const add = useAddExternalCalendar();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [color, setColor] = useState<Colour>(EXTERNAL_CALENDAR_COLOURS[0].value);
  const [errors, setErrors] = useState<{ name?: string; url?: string; form?: string }>({});

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (name.trim() === '') found.name = 'Enter a name for the calendar.';
    const address = checkIcsAddress(url);
    if (!address.ok) found.url = address.message;
    setErrors(found);
    if (found.name || found.url) return;
    try {
      const result = await add.mutateAsync({ name: name.trim(), url: url.trim(), color });
      notify.success(result.message);
      setName('');
      setUrl('');
      setErrors({});
      onAdded();
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.field === 'url') setErrors({ url: message });
      else if (error instanceof ApiError && error.field === 'name') setErrors({ name: message });
      else setErrors({ form: message });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Connect a calendar
      </Typography>
      <Stack spacing={2}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label="Name"
          value={name}
          required
          disabled={disabled}
          error={Boolean(errors.name)}
          helperText={errors.name}
          onChange={(event) => {
            setName(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: EXTERNAL_CALENDAR_NAME_MAX } }}
        />
        <TextField
          label="ICS address"
          value={url}
          required
          disabled={disabled}
          type="url"
          error={Boolean(errors.url)}
          helperText={
            errors.url ??
            'The calendar’s iCal (ICS) address, e.g. Google’s “secret address in iCal format”.'
          }
          onChange={(event) => {
            setUrl(event.target.value);
          }}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <ColourChoice color={color} disabled={disabled} onChange={setColor} />
        <Box>
          <Button type="submit" variant="contained" disabled={disabled || add.isPending}>
            {add.isPending ? 'Connecting…' : 'Connect calendar'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ColourChoice({
  color,
  disabled,
  onChange,
}: {
  color: Colour;
  disabled: boolean;
  onChange: (color: Colour) => void;
}) {
  const colourLabel = useId();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={colourLabel}>Colour</FormLabel>
      <RadioGroup
        row
        aria-labelledby={colourLabel}
        value={color}
        onChange={(event) => {
          const chosen = EXTERNAL_CALENDAR_COLOURS.find((c) => c.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {EXTERNAL_CALENDAR_COLOURS.map((c) => (
          <FormControlLabel
            key={c.value}
            value={c.value}
            control={<Radio size="small" />}
            label={
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                <Swatch color={c.value} />
                <span>{c.label}</span>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
