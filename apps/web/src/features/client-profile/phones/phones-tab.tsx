import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useDeletePhone, useSavePhone, type Phone } from '../api/contact-details';
import { DetailRow } from '../lib/detail-row';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
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
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<Phone | 'new' | null>(null);

  const makeDefault = async (phone: Phone) => {
    try {
      feedback.saved(
        await save.mutateAsync({
          phoneId: phone.phoneId,
          contact: phone.contact,
          label: phone.label,
          isDefault: true,
        }),
      );
    } catch (error) {
      feedback.failed(contactDetailMessage('save', 'phone'), error);
    }
  };

  const onDelete = async (phone: Phone) => {
    const confirmed = await confirm({
      title: 'Delete this phone number?',
      message: formatPhone(phone.contact),
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(phone.phoneId);
    } catch (error) {
      feedback.failed(contactDetailMessage('delete', 'phone'), error);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {phones.length === 0 ? (
        <Typography>No phone numbers.</Typography>
      ) : (
        <List aria-label="Phone numbers" disablePadding>
          {phones.map((phone) => {
            const shown = formatPhone(phone.contact);
            return (
              <DetailRow
                key={phone.phoneId}
                primary={shown}
                secondary={phone.label}
                flags={phone.isDefault ? ['Default'] : []}
                actions={
                  canEdit
                    ? [
                        {
                          label: 'Edit',
                          ariaLabel: `Edit ${shown}`,
                          onClick: () => {
                            setEditing(phone);
                          },
                        },
                        ...(phone.isDefault
                          ? []
                          : [
                              {
                                label: 'Make default',
                                ariaLabel: `Make default ${shown}`,
                                onClick: () => void makeDefault(phone),
                              },
                            ]),
                        {
                          label: 'Delete',
                          ariaLabel: `Delete ${shown}`,
                          color: 'error' as const,
                          onClick: () => void onDelete(phone),
                        },
                      ]
                    : []
                }
              />
            );
          })}
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
          Add phone
        </Button>
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
