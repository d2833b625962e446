import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';

/**
 * "Email a receipt": off unless asked, since not every client wants billing mail. The receipt
 * goes to the client's (or their responsible party's) address once the payment is in.
 */
export function ReceiptField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
}) {
  return (
    <FormControl error={error !== null}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => {
              onChange(event.target.checked);
            }}
          />
        }
        label="Email a receipt"
      />
      <FormHelperText>
        {error ??
          'To the client’s email, or their responsible party’s: the practice, date, amount and how it was paid.'}
      </FormHelperText>
    </FormControl>
  );
}
