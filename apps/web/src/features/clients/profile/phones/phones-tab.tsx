import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@openpractice/domain';
import { useState } from 'react';

import { useDeletePhone, useSavePhone, type Phone } from '../api/contact-details';
import {
  AddDetailButton,
  detailActions,
  useConfirmedDelete,
  useQuickSave,
} from '../lib/detail-list';
import { DetailRow } from '../lib/detail-row';
import { PhoneDialog } from './phone-dialog';

/** The client's phone numbers, the default first. */
export function PhonesTab({
  patientId,
  phones,
  canEdit,
}: {
  patientId: number;
  phones: Phone[];
  canEdit: boolean;
}) {
  const save = useSavePhone(patientId);
  const remove = useDeletePhone(patientId);
  const [editing, setEditing] = useState<Phone | 'new' | null>(null);
  const quickSave = useQuickSave('phone', save.mutateAsync);
  const onDelete = useConfirmedDelete(
    'phone',
    { title: 'Delete this phone number?', describe: (phone: Phone) => formatPhone(phone.contact) },
    (phone) => remove.mutateAsync(phone.phoneId),
  );

  const actionsOf = (phone: Phone) =>
    detailActions(formatPhone(phone.contact), {
      edit: () => {
        setEditing(phone);
      },
      quick: phone.isDefault
        ? []
        : [
            {
              label: 'Make default',
              run: () =>
                void quickSave({
                  phoneId: phone.phoneId,
                  contact: phone.contact,
                  label: phone.label,
                  isDefault: true,
                }),
            },
          ],
      remove: () => void onDelete(phone),
    });

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {phones.length === 0 ? (
        <Typography>No phone numbers.</Typography>
      ) : (
        <List aria-label="Phone numbers" disablePadding>
          {phones.map((phone) => (
            <DetailRow
              key={phone.phoneId}
              primary={formatPhone(phone.contact)}
              secondary={phone.label}
              flags={phone.isDefault ? ['Default'] : []}
              actions={canEdit ? actionsOf(phone) : []}
            />
          ))}
        </List>
      )}
      {canEdit && (
        <AddDetailButton
          label="Add phone"
          onClick={() => {
            setEditing('new');
          }}
        />
      )}
      {editing !== null && (
        <PhoneDialog
          patientId={patientId}
          phone={editing === 'new' ? null : editing}
          existingCount={phones.length}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
