import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';

import type { AccidentValues } from './clinical-values';

const CAUSES = [
  { key: 'employment', label: 'Related to employment' },
  { key: 'driving', label: 'Auto accident' },
  { key: 'other', label: 'Other accident' },
] as const;

/** Whether the condition is related to an accident (claim box 10), and where an auto accident was. */
export function AccidentFields({
  accident,
  stateError,
  onChange,
}: {
  accident: AccidentValues;
  stateError: string | null;
  onChange: (accident: AccidentValues) => void;
}) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Accident information</FormLabel>
      <FormGroup>
        {CAUSES.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Checkbox
                checked={accident[key]}
                onChange={(event) => {
                  onChange({ ...accident, [key]: event.target.checked });
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {accident.driving && (
        <TextField
          label="State of the auto accident"
          placeholder="ME"
          value={accident.state}
          onChange={(event) => {
            onChange({ ...accident, state: event.target.value });
          }}
          required
          error={stateError !== null}
          helperText={stateError ?? 'Two-letter state code.'}
          slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: 'characters' } }}
          sx={{ maxWidth: 240, mt: 1 }}
        />
      )}
    </FormControl>
  );
}
