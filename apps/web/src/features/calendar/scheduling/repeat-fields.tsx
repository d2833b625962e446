import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_OCCURRENCES, type RepeatFrequency } from '@openpractice/domain';
import { useId, type Dispatch } from 'react';

import { repeatMessage, type FormAction, type SchedulingForm } from './scheduling-form';

export const REPEAT_LABELS: Record<RepeatFrequency, string> = {
  none: 'Does not repeat',
  weekly: 'Weekly',
  everyOtherWeek: 'Every other week',
};

/** Repeats: not at all, weekly or every other week; ending after N appointments (1–52) or on a date. */
export function RepeatFields({
  state,
  dispatch,
  disabled,
}: {
  state: SchedulingForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
}) {
  const endsId = useId();
  const problem = repeatMessage(state);
  return (
    <Stack spacing={1}>
      <TextField
        select
        label="Repeats"
        value={state.repeat}
        onChange={(event) => {
          dispatch({ type: 'repeat', value: event.target.value as RepeatFrequency });
        }}
        disabled={disabled}
        fullWidth
      >
        {(Object.keys(REPEAT_LABELS) as RepeatFrequency[]).map((value) => (
          <MenuItem key={value} value={value}>
            {REPEAT_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      {state.repeat !== 'none' && (
        <FormControl error={problem !== null} disabled={disabled}>
          <FormLabel id={endsId}>Ends</FormLabel>
          <RadioGroup
            aria-labelledby={endsId}
            value={state.repeatEnd}
            onChange={(event) => {
              dispatch({ type: 'repeatEnd', value: event.target.value === 'on' ? 'on' : 'after' });
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FormControlLabel value="after" control={<Radio />} label="After" />
              <TextField
                label="Number of appointments"
                type="number"
                size="small"
                value={state.occurrences}
                onChange={(event) => {
                  dispatch({ type: 'occurrences', value: event.target.value });
                }}
                disabled={disabled || state.repeatEnd !== 'after'}
                slotProps={{ htmlInput: { min: 1, max: MAX_OCCURRENCES, step: 1 } }}
              />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <FormControlLabel value="on" control={<Radio />} label="On" />
              <TextField
                label="End date"
                type="date"
                size="small"
                value={state.untilDate}
                onChange={(event) => {
                  dispatch({ type: 'untilDate', value: event.target.value });
                }}
                disabled={disabled || state.repeatEnd !== 'on'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: state.date } }}
              />
            </Stack>
          </RadioGroup>
          {problem && <FormHelperText>{problem}</FormHelperText>}
        </FormControl>
      )}
    </Stack>
  );
}
