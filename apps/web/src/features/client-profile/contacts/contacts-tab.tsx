import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useDeleteContact, useSaveContact, type ClientContact } from '../api/contact-details';
import { DetailRow, type DetailAction } from '../lib/detail-row';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { ContactDialog } from './contact-dialog';

const nameOf = (contact: ClientContact) => `${contact.firstName} ${contact.lastName}`;

/**
 * People connected with the client (family, guardians). A contact has no
 * 'default'; its counterpart is the emergency contact, which several may be.
 */
export function ContactsTab({
  patientId,
  contacts,
}: {
  patientId: number;
  contacts: ClientContact[];
}) {
  const save = useSaveContact(patientId);
  const remove = useDeleteContact(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<ClientContact | 'new' | null>(null);

  const setEmergency = async (contact: ClientContact, isEmergencyContact: boolean) => {
    try {
      feedback.saved(
        await save.mutateAsync({
          contactId: contact.contactId,
          firstName: contact.firstName,
          lastName: contact.lastName,
          relationship: contact.relationship,
          phone: contact.phone,
          email: contact.email,
          isEmergencyContact,
        }),
      );
    } catch (error) {
      feedback.failed(contactDetailMessage('save', 'contact'), error);
    }
  };

  const onDelete = async (contact: ClientContact) => {
    const confirmed = await confirm({
      title: 'Delete this contact?',
      message: nameOf(contact),
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(contact.contactId);
    } catch (error) {
      feedback.failed(contactDetailMessage('delete', 'contact'), error);
    }
  };

  const actionsOf = (contact: ClientContact): DetailAction[] => {
    const name = nameOf(contact);
    return [
      {
        label: 'Edit',
        ariaLabel: `Edit ${name}`,
        onClick: () => {
          setEditing(contact);
        },
      },
      contact.isEmergencyContact
        ? {
            label: 'Not an emergency contact',
            ariaLabel: `Not an emergency contact: ${name}`,
            onClick: () => void setEmergency(contact, false),
          }
        : {
            label: 'Make emergency contact',
            ariaLabel: `Make emergency contact ${name}`,
            onClick: () => void setEmergency(contact, true),
          },
      {
        label: 'Delete',
        ariaLabel: `Delete ${name}`,
        color: 'error',
        onClick: () => void onDelete(contact),
      },
    ];
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {contacts.length === 0 ? (
        <Typography>No contacts.</Typography>
      ) : (
        <List aria-label="Contacts" disablePadding>
          {contacts.map((contact) => (
            <DetailRow
              key={contact.contactId}
              primary={nameOf(contact)}
              secondary={[
                contact.relationship,
                contact.phone ? formatPhone(contact.phone) : null,
                contact.email,
              ]
                .filter((line) => line !== null && line !== '')
                .join('\n')}
              flags={contact.isEmergencyContact ? ['Emergency contact'] : []}
              actions={actionsOf(contact)}
            />
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setEditing('new');
        }}
      >
        Add contact
      </Button>
      {editing !== null && (
        <ContactDialog
          patientId={patientId}
          contact={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
