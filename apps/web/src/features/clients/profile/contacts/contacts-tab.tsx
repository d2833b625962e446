import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@openpractice/domain';
import { useState } from 'react';

import { useDeleteContact, useSaveContact, type ClientContact } from '../api/contact-details';
import {
  AddDetailButton,
  detailActions,
  useConfirmedDelete,
  useQuickSave,
} from '../lib/detail-list';
import { DetailRow } from '../lib/detail-row';
import { ContactDialog } from './contact-dialog';

const nameOf = (contact: ClientContact) => `${contact.firstName} ${contact.lastName}`;

/** Relationship, phone and email, one to a line, leaving out those not given. */
const detailsOf = (contact: ClientContact) =>
  [contact.relationship, contact.phone ? formatPhone(contact.phone) : null, contact.email]
    .filter((line) => line !== null && line !== '')
    .join('\n');

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
  const [editing, setEditing] = useState<ClientContact | 'new' | null>(null);
  const quickSave = useQuickSave('contact', save.mutateAsync);
  const onDelete = useConfirmedDelete(
    'contact',
    { title: 'Delete this contact?', describe: nameOf },
    (contact: ClientContact) => remove.mutateAsync(contact.contactId),
  );

  const setEmergency = (contact: ClientContact, isEmergencyContact: boolean) =>
    void quickSave({
      contactId: contact.contactId,
      firstName: contact.firstName,
      lastName: contact.lastName,
      relationship: contact.relationship,
      phone: contact.phone,
      email: contact.email,
      isEmergencyContact,
    });

  const actionsOf = (contact: ClientContact) => {
    const name = nameOf(contact);
    return detailActions(name, {
      edit: () => {
        setEditing(contact);
      },
      quick: [
        contact.isEmergencyContact
          ? {
              label: 'Not an emergency contact',
              ariaLabel: `Not an emergency contact: ${name}`,
              run: () => {
                setEmergency(contact, false);
              },
            }
          : {
              label: 'Make emergency contact',
              run: () => {
                setEmergency(contact, true);
              },
            },
      ],
      remove: () => void onDelete(contact),
    });
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
              secondary={detailsOf(contact)}
              flags={contact.isEmergencyContact ? ['Emergency contact'] : []}
              actions={actionsOf(contact)}
            />
          ))}
        </List>
      )}
      <AddDetailButton
        label="Add contact"
        onClick={() => {
          setEditing('new');
        }}
      />
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
