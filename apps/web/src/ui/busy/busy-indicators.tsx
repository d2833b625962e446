import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { useSyncExternalStore } from 'react';

import type { FeedbackController } from './feedback-controller';

/** The progress bar along the top of the window and the waiting spinner. */
export function BusyIndicators({ controller }: { controller: FeedbackController }) {
  const { spinner, progress } = useSyncExternalStore(controller.subscribe, controller.getView);
  return (
    <>
      {progress.visible && (
        <LinearProgress
          variant="determinate"
          value={progress.value}
          color={progress.failed ? 'error' : 'primary'}
          aria-label={progress.failed ? 'Loading failed' : 'Loading progress'}
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            height: 3,
            zIndex: (theme) => theme.zIndex.tooltip + 1,
          }}
        />
      )}
      {spinner && (
        <Backdrop
          open
          sx={{
            zIndex: (theme) => theme.zIndex.modal + 1,
            bgcolor: 'rgba(255, 255, 255, 0.4)',
          }}
        >
          <CircularProgress aria-label="Please wait" />
        </Backdrop>
      )}
    </>
  );
}
