import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { Controller, type Control } from 'react-hook-form';

import type { NewClientValues } from './new-client-form';
import { saveSendRegistrationEmail } from './remembered-registration-email';

/** 'Send registration email': this browser remembers the choice for the next new client. */
export function RegistrationEmailField({ control }: { control: Control<NewClientValues> }) {
  return (
    <Controller
      name="sendRegistrationEmail"
      control={control}
      render={({ field }) => (
        <FormControl>
          <FormControlLabel
            label="Send registration email"
            control={
              <Checkbox
                name={field.name}
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  saveSendRegistrationEmail(event.target.checked);
                }}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
          />
          <FormHelperText sx={{ mt: 0 }}>
            Invites the client to the portal at the email above.
          </FormHelperText>
        </FormControl>
      )}
    />
  );
}
