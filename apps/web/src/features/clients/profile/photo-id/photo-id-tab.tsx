import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fullName } from '@openpractice/domain';
import { useRef } from 'react';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { PHOTO_ID_CONTENT_TYPE, useDeletePhotoId, useUploadPhotoId } from '../api/files';
import type { ClientProfile } from '../api/profile';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { PhotoIdAnalysis } from './photo-id-analysis';
import { PhotoIdVersionNotice } from './photo-id-version-notice';

/**
 * The client's photo ID (a PNG): shown, replaced by an upload, or deleted;
 * read by the practice's analysis service to update the record; and a new
 * one from the client, waiting to be accepted or rejected.
 */
export function PhotoIdTab({ profile }: { profile: ClientProfile }) {
  const patientId = profile.patientId;
  const upload = useUploadPhotoId(patientId);
  const remove = useDeletePhotoId(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const input = useRef<HTMLInputElement>(null);
  const url = profile.photoIdS3Url ?? null;
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.type !== PHOTO_ID_CONTENT_TYPE) {
      feedback.notify.error(`${MESSAGES.savePhotoId} Choose a PNG image.`);
      return;
    }
    try {
      await upload.mutateAsync(file);
      feedback.notify.success(MESSAGES.profileUpdated);
    } catch (error) {
      feedback.failed(MESSAGES.savePhotoId, error);
    }
  };

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete the photo ID?',
      message: 'The image is removed from the client’s record.',
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      feedback.saved(await remove.mutateAsync());
    } catch (error) {
      feedback.failed(MESSAGES.deletePhotoId, error);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <PhotoIdVersionNotice patientId={patientId} />
      {url ? (
        <Box
          component="img"
          src={url}
          alt={`Photo ID of ${fullName(profile.basicDetails)}`}
          sx={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      ) : (
        <Typography>No photo ID.</Typography>
      )}
      <Stack direction="row" spacing={2}>
        <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
          {url ? 'Replace photo ID' : 'Upload photo ID'}
        </Button>
        <input
          ref={input}
          type="file"
          accept={PHOTO_ID_CONTENT_TYPE}
          hidden
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        {url && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => void onDelete()}>
            Delete photo ID
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary">A PNG image of at most 5 MB.</Typography>
      {url && <PhotoIdAnalysis patientId={patientId} busy={busy} />}
    </Stack>
  );
}
