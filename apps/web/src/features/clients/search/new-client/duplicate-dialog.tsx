import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatUsDate, fullName } from '@openpractice/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../../config/paths';
import type { DuplicateClient } from '../api/new-client';

export const DUPLICATES_TITLE = 'Possible duplicate clients';
/** A client outside the caller's access: named so that nobody adds them twice, and no more. */
export const NOT_YOURS_TEXT = 'Not one of your clients';

/**
 * Clients who may be the person about to be added: each with date of birth,
 * account number and why they match, linked to their record. A client the
 * caller may not open is only named, with their account number. 'Create anyway'
 * goes on; 'Cancel' returns to the form.
 */
export function DuplicateDialog({
  duplicates,
  creating,
  onCreateAnyway,
  onCancel,
}: {
  /** Null: closed. */
  duplicates: DuplicateClient[] | null;
  creating: boolean;
  onCreateAnyway: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={duplicates !== null}
      onClose={creating ? undefined : onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{DUPLICATES_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          These clients may be the same person. Open one to check, or create the new client anyway.
        </DialogContentText>
        <List dense>
          {(duplicates ?? []).map((client) => (
            <ListItem key={client.user_id} disableGutters>
              <ListItemText
                primary={
                  client.canOpen ? (
                    <Link component={RouterLink} to={paths.client.profile.getHref(client.user_id)}>
                      {fullName(client)}
                    </Link>
                  ) : (
                    fullName(client)
                  )
                }
                secondary={[
                  client.dateOfBirth ? `Born ${formatUsDate(client.dateOfBirth)}` : null,
                  client.accountNumber,
                  client.canOpen ? client.reasons.join(', ') : NOT_YOURS_TEXT,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={creating}>
          Cancel
        </Button>
        <Button onClick={onCreateAnyway} disabled={creating} variant="contained" color="warning">
          Create anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
