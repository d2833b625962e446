import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOP_BAR_HEIGHT } from '@openpractice/domain';

import { useOnlineStatus } from './use-online-status';

export const OFFLINE_MESSAGE =
  'You are offline. Changes will not be saved until the connection returns.';

/** A banner that stays while the browser is offline. */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  return (
    <Snackbar
      open={!online}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: TOP_BAR_HEIGHT + 8, sm: TOP_BAR_HEIGHT + 8 } }}
    >
      <Alert severity="warning" variant="filled" role="status">
        {OFFLINE_MESSAGE}
      </Alert>
    </Snackbar>
  );
}
