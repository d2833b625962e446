import { lazy, useState } from 'react';

import { OnceOpened } from '../../ui/on-first-use';
import { useSnackbar } from '../../ui/snackbar/snackbar';

// Loaded when first opened: the shell's first paint carries no dialog (issue 14).
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../../features/identity/change-password-dialog')).ChangePasswordDialog,
}));

/** The user menu's 'Change password' dialog, and the word that it is done. */
export function ChangePasswordHost({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <OnceOpened open={open}>
      {open && (
        <ChangePasswordDialog
          onClose={onClose}
          onChanged={(ended) => {
            onClose();
            enqueueSnackbar(
              ended > 0
                ? 'Your password is changed. Your other sessions were signed out.'
                : 'Your password is changed.',
              { variant: 'success' },
            );
          }}
        />
      )}
    </OnceOpened>
  );
}

/** The dialog and its opener, for the shell's user menu. */
export function useChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  return {
    open: () => {
      setOpen(true);
    },
    dialog: (
      <ChangePasswordHost
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      />
    ),
  };
}
