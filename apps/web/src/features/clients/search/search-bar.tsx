import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ClientSearchContext } from '@openpractice/domain';

export interface SearchBarProps {
  text: string;
  onTextChange: (text: string) => void;
  /** Enter searches at once instead of waiting for the typing pause. */
  onSearchNow: () => void;
  context: ClientSearchContext | null;
  offered: readonly { value: ClientSearchContext; label: string }[];
  onContextChange: (context: ClientSearchContext) => void;
}

/** The search text and the context it searches in. */
export function SearchBar({
  text,
  onTextChange,
  onSearchNow,
  context,
  offered,
  onContextChange,
}: SearchBarProps) {
  return (
    <Stack
      role="search"
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <TextField
        label="Search clients"
        type="search"
        size="small"
        value={text}
        autoComplete="off"
        helperText="Name, account number or chart number"
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ width: 320 }}
        onChange={(event) => {
          onTextChange(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearchNow();
        }}
      />
      <TextField
        select
        label="Search in"
        size="small"
        value={context ?? ''}
        sx={{ width: 240, alignSelf: 'flex-start' }}
        onChange={(event) => {
          const value = offered.find((option) => option.value === event.target.value)?.value;
          if (value) onContextChange(value);
        }}
      >
        {offered.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
