import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useDeleteEmail, useSaveEmail, type Email } from '../api/contact-details';
import {
  AddDetailButton,
  detailActions,
  useConfirmedDelete,
  useQuickSave,
} from '../lib/detail-list';
import { DetailRow } from '../lib/detail-row';
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
  const [editing, setEditing] = useState<Email | 'new' | null>(null);
  const quickSave = useQuickSave('email', save.mutateAsync);
  const onDelete = useConfirmedDelete(
    'email',
    { title: 'Delete this email address?', describe: (email: Email) => email.contact },
    (email) => remove.mutateAsync(email.emailId),
  );

  const actionsOf = (email: Email) =>
    detailActions(email.contact, {
      edit: () => {
        setEditing(email);
      },
      quick: email.isDefault
        ? []
        : [
            {
              label: 'Make default',
              run: () =>
                void quickSave({ emailId: email.emailId, contact: email.contact, isDefault: true }),
            },
          ],
      remove: () => void onDelete(email),
    });

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
              actions={canEdit ? actionsOf(email) : []}
            />
          ))}
        </List>
      )}
      {canEdit && (
        <AddDetailButton
          label="Add email"
          onClick={() => {
            setEditing('new');
          }}
        />
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
