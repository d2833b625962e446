import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { faceSheetHref } from '../api/files';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

/**
 * The face sheet: a one-page PDF of the client's details, opened in a new
 * tab. Opened from the click itself, so popup blockers allow it.
 */
export function FaceSheetTab({ patientId }: { patientId: number }) {
  const { notify } = useSaveFeedback();

  const open = () => {
    try {
      const opened = window.open(faceSheetHref(patientId), '_blank');
      if (!opened) {
        notify.error(MESSAGES.faceSheet);
        return;
      }
      opened.opener = null;
    } catch {
      notify.error(MESSAGES.faceSheet);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>
        A one-page summary of the client’s details, for printing or sending with a referral.
      </Typography>
      <Button variant="contained" onClick={open} sx={{ alignSelf: 'flex-start' }}>
        Download face sheet
      </Button>
    </Stack>
  );
}
