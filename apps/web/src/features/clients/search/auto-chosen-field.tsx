import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';

export const CHANGE_CHOICE = 'Change';

/**
 * The client the typeahead chose by itself, read-only, with Change beside it.
 * Nothing locks the user in: Change, Escape, Backspace or Delete go back to
 * the search as it was typed, and typing on carries the key into it.
 */
export function AutoChosenField({
  label,
  name,
  size,
  takeFocus,
  onChange,
}: {
  label: string;
  name: string;
  size: 'small' | 'medium';
  /** The search box had the focus: the choice takes it, so the keys reach it. */
  takeFocus: boolean;
  /** Back to the search; `key` is a character typed on ('' for none). */
  onChange: (key: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={label}
        value={name}
        size={size}
        fullWidth
        inputRef={ref}
        slotProps={{ htmlInput: { readOnly: true } }}
        onKeyDown={(event) => {
          if (['Escape', 'Backspace', 'Delete'].includes(event.key)) {
            // Escape undoes the choice here, not the dialog around it.
            event.preventDefault();
            event.stopPropagation();
            onChange('');
          } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
            event.preventDefault();
            onChange(event.key);
          }
        }}
      />
      <Button
        onClick={() => {
          onChange('');
        }}
        sx={{ flexShrink: 0 }}
      >
        {CHANGE_CHOICE}
      </Button>
    </Stack>
  );
}
