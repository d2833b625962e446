import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import {
  usePortalAction,
  useUnlockPortalAccount,
  type PortalAction,
  type PortalData,
} from '../api/portal';
import { failureMessage } from '../lib/failure-message';
import { MESSAGES, TRY_AGAIN } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { portalActions } from './portal-actions';

const ACTION_TEXT: Record<PortalAction, { label: string; success: string; failure: string }> = {
  sendInvitation: {
    label: 'Send invitation',
    success: MESSAGES.invitationSent,
    failure: MESSAGES.sendInvitation,
  },
  enable: { label: 'Enable', success: MESSAGES.profileUpdated, failure: MESSAGES.enablePortal },
  disable: { label: 'Disable', success: MESSAGES.profileUpdated, failure: MESSAGES.disablePortal },
  resetPassword: {
    label: 'Reset password',
    success: MESSAGES.passwordResetSent,
    failure: MESSAGES.resetPassword,
  },
};

/** The portal actions that fit the account's state; Disable asks first. */
export function PortalActionButtons({
  patientId,
  portal,
}: {
  patientId: number;
  portal: PortalData;
}) {
  const { notify } = useSaveFeedback();
  const confirm = useConfirm();
  const sendInvitation = usePortalAction(patientId, 'sendInvitation');
  const enable = usePortalAction(patientId, 'enable');
  const disable = usePortalAction(patientId, 'disable');
  const resetPassword = usePortalAction(patientId, 'resetPassword');
  const unlock = useUnlockPortalAccount(patientId);
  const mutations = { sendInvitation, enable, disable, resetPassword };
  const allowed = useMemo(() => portalActions(portal, new Date()), [portal]);
  const busy = Object.values(mutations).some((m) => m.isPending) || unlock.isPending;

  const run = async (action: PortalAction) => {
    if (action === 'disable') {
      const confirmed = await confirm({
        title: 'Disable portal access?',
        message:
          'The client is signed out of the portal and cannot sign in until access is enabled again.',
        confirmText: 'Disable',
        color: 'error',
      });
      if (!confirmed) return;
    }
    const text = ACTION_TEXT[action];
    try {
      await mutations[action].mutateAsync();
      notify.success(text.success);
    } catch (error) {
      notify.error(failureMessage(text.failure, error));
    }
  };

  const runUnlock = async () => {
    try {
      await unlock.mutateAsync();
      notify.success(MESSAGES.accountUnlocked);
    } catch (error) {
      notify.error(failureMessage(MESSAGES.unlockAccount, error), {
        action: { label: TRY_AGAIN, onClick: () => void runUnlock() },
      });
    }
  };

  const order: PortalAction[] = ['sendInvitation', 'enable', 'resetPassword', 'disable'];
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {order
        .filter((action) => allowed[action])
        .map((action) => (
          <Button
            key={action}
            variant={action === 'disable' ? 'outlined' : 'contained'}
            color={action === 'disable' ? 'error' : 'primary'}
            disabled={busy}
            onClick={() => void run(action)}
          >
            {ACTION_TEXT[action].label}
          </Button>
        ))}
      {allowed.unlock && (
        <Button variant="contained" disabled={busy} onClick={() => void runUnlock()}>
          Unlock
        </Button>
      )}
    </Stack>
  );
}
