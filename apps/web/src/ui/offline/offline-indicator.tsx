import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grow from '@mui/material/Grow';
import { TOP_BAR_HEIGHT } from '@openpractice/domain';
import { useState } from 'react';

import { useOnlineStatus } from './use-online-status';

export const OFFLINE_MESSAGE =
  'You are offline. Changes will not be saved until the connection returns.';

/**
 * A banner that stays while the browser is offline, placed and animated as MUI's Snackbar at
 * the top centre. Not the Snackbar itself, whose timers and click-away handling it does not
 * need, so every signed-in page loads less (issue 14). It is static, not loaded on first use:
 * nothing can be loaded once the connection is gone.
 */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  // Mounted from going offline until the closing transition has played.
  const [shown, setShown] = useState(!online);
  if (!online && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        top: TOP_BAR_HEIGHT + 8,
        left: { xs: 8, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        transform: { sm: 'translateX(-50%)' },
      }}
    >
      <Grow
        in={!online}
        appear
        onExited={() => {
          setShown(false);
        }}
      >
        <Alert severity="warning" variant="filled" role="status">
          {OFFLINE_MESSAGE}
        </Alert>
      </Grow>
    </Box>
  );
}
