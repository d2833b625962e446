import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useDeleteEmail, useSaveEmail, type Email } from '../api/contact-details';
import { DetailRow } from '../lib/detail-row';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { EmailDialog } from './email-dialog';

/** The client's email addresses, the default first (portal emails go to the default). */
export function EmailsTab({
  patientId,
  emails,
  canEdit,
}: {
  patientId: number;
  emails: Email[];
  canEdit: boolean;
}) {
  const save = useSaveEmail(patientId);
  const remove = useDeleteEmail(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<Email | 'new' | null>(null);

  const makeDefault = async (email: Email) => {
    try {
      feedback.saved(
        await save.mutateAsync({ emailId: email.emailId, contact: email.contact, isDefault: true }),
      );
    } catch (error) {
      feedback.failed(contactDetailMessage('save', 'email'), error);
    }
  };

  const onDelete = async (email: Email) => {
    const confirmed = await confirm({
      title: 'Delete this email address?',
      message: email.contact,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(email.emailId);
    } catch (error) {
      feedback.failed(contactDetailMessage('delete', 'email'), error);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {emails.length === 0 ? (
        <Typography>No email addresses.</Typography>
      ) : (
        <List aria-label="Email addresses" disablePadding>
          {emails.map((email) => (
            <DetailRow
              key={email.emailId}
              primary={email.contact}
              flags={email.isDefault ? ['Default'] : []}
              actions={
                canEdit
                  ? [
                      {
                        label: 'Edit',
                        ariaLabel: `Edit ${email.contact}`,
                        onClick: () => {
                          setEditing(email);
                        },
                      },
                      ...(email.isDefault
                        ? []
                        : [
                            {
                              label: 'Make default',
                              ariaLabel: `Make default ${email.contact}`,
                              onClick: () => void makeDefault(email),
                            },
                          ]),
                      {
                        label: 'Delete',
                        ariaLabel: `Delete ${email.contact}`,
                        color: 'error' as const,
                        onClick: () => void onDelete(email),
                      },
                    ]
                  : []
              }
            />
          ))}
        </List>
      )}
      {canEdit && (
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setEditing('new');
          }}
        >
          Add email
        </Button>
      )}
      {editing !== null && (
        <EmailDialog
          patientId={patientId}
          email={editing === 'new' ? null : editing}
          existingCount={emails.length}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
