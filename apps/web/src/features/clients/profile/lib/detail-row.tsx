import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';

export interface DetailAction {
  label: string;
  /** The accessible name, naming the entry (e.g. 'Edit (207) 555-0102'). */
  ariaLabel: string;
  onClick: () => void;
  color?: 'primary' | 'error';
}

/** One phone, email, address or contact: what it is, its flags, and what can be done with it. */
export function DetailRow({
  primary,
  secondary,
  flags,
  actions,
}: {
  primary: string;
  secondary?: string | null;
  flags: string[];
  actions: DetailAction[];
}) {
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={primary}
        secondary={secondary}
        slotProps={{ secondary: { sx: { whiteSpace: 'pre-line' } } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {flags.map((flag) => (
          <Chip key={flag} size="small" label={flag} variant="outlined" />
        ))}
        {actions.map((action) => (
          <Button
            key={action.label}
            size="small"
            color={action.color ?? 'primary'}
            aria-label={action.ariaLabel}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
      </Stack>
    </ListItem>
  );
}
