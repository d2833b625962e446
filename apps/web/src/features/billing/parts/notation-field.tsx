import TextField from '@mui/material/TextField';

/** The optional notation of a payment, adjustment or refund: printed on the client's statement. */
export function NotationField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (text: string) => void;
  /** The server's message when it refused the notation. */
  error: string | null;
  hint?: string;
}) {
  return (
    <TextField
      label="Notation (optional)"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      multiline
      minRows={2}
      error={error !== null}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}
