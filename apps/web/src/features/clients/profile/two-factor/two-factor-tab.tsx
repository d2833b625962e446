import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone, formatUsDate } from '@openpractice/domain';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import { useDisableTwoFactor, useTwoFactorStatus, type TwoFactorStatus } from '../api/portal';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useSaveFeedback } from '../lib/use-save-feedback';

function describe(status: TwoFactorStatus): string {
  if (!status.isTwoFactorSetup) return 'Two-factor authentication is not set up.';
  const via =
    status.type === 'SMS' && status.contact ? formatPhone(status.contact) : status.contact;
  const method = [status.type, via].filter(Boolean).join(' to ');
  const verified = status.isTwoFactorVerified
    ? `verified on ${formatUsDate(status.verifyDate, 'an unknown day')}`
    : 'not yet verified';
  return `Two-factor authentication is set up${method ? ` (${method})` : ''}, ${verified}.`;
}

/** The client's portal two-factor sign-in; staff may turn it off when it is set up. */
export function TwoFactorTab({ patientId }: { patientId: number }) {
  // A failure to load the two-factor status is only logged (spec-2 §8).
  const status = useTwoFactorStatus(patientId);
  const disable = useDisableTwoFactor(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();

  if (status.isPending) return <SectionSpinner />;
  if (status.isLoadingError) return <LoadFailed onRetry={() => void status.refetch()} />;

  const onDisable = async () => {
    const confirmed = await confirm({
      title: 'Disable two-factor authentication?',
      message:
        'The client signs in to the portal with their password alone until they set it up again.',
      confirmText: 'Disable',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await disable.mutateAsync();
      feedback.notify.success(MESSAGES.profileUpdated);
    } catch (error) {
      feedback.failed(MESSAGES.disableTwoFactor, error);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{describe(status.data)}</Typography>
      {status.data.canBeDisabled && (
        <Button
          variant="outlined"
          color="error"
          disabled={disable.isPending}
          onClick={() => void onDisable()}
          sx={{ alignSelf: 'flex-start' }}
        >
          Disable two-factor authentication
        </Button>
      )}
    </Stack>
  );
}
