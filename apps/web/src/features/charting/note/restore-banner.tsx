import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

import { formatWhen } from '../format';

/** Unsaved changes were found in this browser: restore them, or keep what the server has. */
export function RestoreBanner({
  savedAt,
  timeZone,
  what,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  timeZone: string;
  what: 'note' | 'addendum';
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert
      severity="warning"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={onRestore}>
            Restore unsaved changes
          </Button>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
        </Stack>
      }
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' } },
      }}
    >
      Changes to this {what} made in this browser on {formatWhen(savedAt, timeZone)} were not saved.
    </Alert>
  );
}
