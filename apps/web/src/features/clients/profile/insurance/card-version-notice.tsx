import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { UploadVersionNotice } from '../lib/upload-version-notice';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { useCardVersions, useDecideCardVersion } from './api/insurance';
import type { InsurancePolicy } from './api/types';
import { INSURANCE_MESSAGES } from './messages';
import { policyName } from './policy-names';

/** Ours (issue 13), in the words of the photo ID's notice. */
export const CARD_VERSION_TEXT = {
  client: 'A new insurance card photo was uploaded by the client',
  link: 'A new insurance card photo was uploaded through an upload link by someone not signed in as the user it was issued to',
  accepted: 'The new insurance card photo replaces the old one.',
  rejected: 'The new insurance card photo was rejected and removed.',
  rejectFailed: 'Unable to reject the new insurance card photo.',
  loading: 'Checking for new insurance card photos from the client…',
  loadFailed:
    'Unable to load new insurance card photos from the client. The current card photos are shown; try again, or reload the page if this persists.',
} as const;

/**
 * A card photo from the client (or through a link by someone else than its
 * staff user) waiting on this policy: staff accept it (it becomes the card)
 * or, after confirming, reject it (it is removed). Only for users who may
 * change policies; the list loads once for the client (see
 * CardVersionsLoadState for its loading and failure).
 */
export function CardVersionNotice({
  patientId,
  policy,
}: {
  patientId: number;
  policy: InsurancePolicy;
}) {
  const versions = useCardVersions(patientId);
  const decide = useDecideCardVersion(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const version = versions.data?.find((v) => v.insuranceId === policy.insuranceId);
  if (!version) return null;

  const name = policyName(policy);
  const onDecide = async (accept: boolean) => {
    if (
      !accept &&
      !(await confirm({
        title: 'Reject the new insurance card photo?',
        message: `The photo uploaded for the ${name} is removed. The current card photo stays.`,
        confirmText: 'Reject',
        color: 'error',
      }))
    )
      return;
    try {
      await decide.mutateAsync({ versionId: version.versionId, accept });
      feedback.notify.success(accept ? CARD_VERSION_TEXT.accepted : CARD_VERSION_TEXT.rejected);
    } catch (error) {
      feedback.failed(accept ? INSURANCE_MESSAGES.saveCard : CARD_VERSION_TEXT.rejectFailed, error);
    }
  };

  return (
    <UploadVersionNotice
      title={CARD_VERSION_TEXT[version.origin]}
      imageUrl={version.url}
      imageAlt={`New insurance card of the ${name}, waiting for a decision`}
      busy={decide.isPending}
      acceptLabel={`Accept the new card photo of the ${name}`}
      rejectLabel={`Reject the new card photo of the ${name}`}
      onAccept={() => void onDecide(true)}
      onReject={() => void onDecide(false)}
    />
  );
}

/** Once above the policies: while the waiting card photos load, and when they could not. */
export function CardVersionsLoadState({ patientId }: { patientId: number }) {
  const versions = useCardVersions(patientId);
  if (versions.isPending)
    return (
      <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          {CARD_VERSION_TEXT.loading}
        </Typography>
      </Stack>
    );
  if (versions.isLoadingError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        }
      >
        {CARD_VERSION_TEXT.loadFailed}
      </Alert>
    );
  return null;
}
