import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { CARD_CONTENT_TYPE, useDeleteCardPhoto, useUploadCardPhoto } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { CardVersionNotice } from './card-version-notice';
import { INSURANCE_MESSAGES } from './messages';
import { policyName } from './policy-names';

/**
 * The policy's insurance card photo (a PNG through a signed address): shown,
 * replaced, deleted; and a new one from the client, waiting to be accepted
 * or rejected by those who may change policies.
 */
export function CardPhoto({
  patientId,
  policy,
  canEdit,
}: {
  patientId: number;
  policy: InsurancePolicy;
  canEdit: boolean;
}) {
  const upload = useUploadCardPhoto(patientId);
  const remove = useDeleteCardPhoto(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const input = useRef<HTMLInputElement>(null);
  const url = policy.insuranceCardPhotoUrl;
  const name = policyName(policy);
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.type !== CARD_CONTENT_TYPE) {
      feedback.notify.error(`${INSURANCE_MESSAGES.saveCard} Choose a PNG image.`);
      return;
    }
    try {
      await upload.mutateAsync({ insuranceId: policy.insuranceId, file });
      feedback.notify.success(INSURANCE_MESSAGES.cardSaved);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.saveCard, error);
    }
  };

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete the insurance card photo?',
      message: `The card photo of the ${name} is removed from the client’s record.`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      feedback.saved(await remove.mutateAsync(policy.insuranceId), INSURANCE_MESSAGES.saved);
    } catch (error) {
      feedback.failed(INSURANCE_MESSAGES.deleteCard, error);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {canEdit && <CardVersionNotice patientId={patientId} policy={policy} />}
      {url ? (
        <Box
          component="img"
          src={url}
          alt={`Insurance card of the ${name}`}
          sx={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain', borderRadius: 1 }}
        />
      ) : (
        <Typography color="text.secondary">No insurance card photo.</Typography>
      )}
      {canEdit && (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            loading={upload.isPending}
            aria-label={`${url ? 'Replace' : 'Upload'} card photo of the ${name}`}
            onClick={() => input.current?.click()}
          >
            {url ? 'Replace card photo' : 'Upload card photo'}
          </Button>
          <input
            ref={input}
            type="file"
            accept={CARD_CONTENT_TYPE}
            hidden
            aria-label={`Card photo file of the ${name}`}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          {url && (
            <Button
              size="small"
              color="error"
              disabled={busy}
              aria-label={`Delete card photo of the ${name}`}
              onClick={() => void onDelete()}
            >
              Delete card photo
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
