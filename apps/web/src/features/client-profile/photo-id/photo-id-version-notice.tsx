import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

import { useDecidePhotoIdVersion, usePhotoIdVersion } from '../api/photo-id-version';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** Ours (issue 13, finding 11): the texts of the new-version notice. */
export const PHOTO_ID_VERSION_TEXT = {
  client: 'A new photo ID was uploaded by the client',
  link: 'A new photo ID was uploaded through an upload link by someone not signed in as the user it was issued to',
  accepted: 'The new photo ID replaces the old one.',
  rejected: 'The new photo ID was rejected and removed.',
  failed: 'Unable to save photo ID.',
} as const;

/**
 * A photo ID uploaded by the client (or through a link by someone else than
 * its staff user) does not replace the current one: staff see it here and
 * accept it (it becomes the photo ID) or reject it (it is removed).
 */
export function PhotoIdVersionNotice({ patientId }: { patientId: number }) {
  const { data: version } = usePhotoIdVersion(patientId);
  const decide = useDecidePhotoIdVersion(patientId);
  const feedback = useSaveFeedback();
  if (!version) return null;

  const title = PHOTO_ID_VERSION_TEXT[version.origin];
  const onDecide = async (accept: boolean) => {
    try {
      await decide.mutateAsync({ versionId: version.versionId, accept });
      feedback.notify.success(
        accept ? PHOTO_ID_VERSION_TEXT.accepted : PHOTO_ID_VERSION_TEXT.rejected,
      );
    } catch (error) {
      feedback.failed(PHOTO_ID_VERSION_TEXT.failed, error);
    }
  };

  return (
    <Alert severity="warning" role="region" aria-label={title}>
      <AlertTitle>{title}</AlertTitle>
      <Stack spacing={1}>
        <Box
          component="img"
          src={version.url}
          alt="New photo ID waiting for a decision"
          sx={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={decide.isPending}
            onClick={() => void onDecide(true)}
          >
            Accept
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={decide.isPending}
            onClick={() => void onDecide(false)}
          >
            Reject
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
