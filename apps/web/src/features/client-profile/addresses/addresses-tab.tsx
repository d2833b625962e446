import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useDeleteAddress, useSaveAddress, type Address } from '../api/contact-details';
import type { Addresses } from '../api/profile';
import { addressList } from '../lib/default-flags';
import { DetailRow, type DetailAction } from '../lib/detail-row';
import { contactDetailMessage } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { AddressDialog } from './address-dialog';
import { addressOneLine, cityLine } from './address-text';

/** The client's addresses: the default (home) and mailing address first. */
export function AddressesTab({
  patientId,
  addresses,
}: {
  patientId: number;
  addresses: Addresses | undefined;
}) {
  const save = useSaveAddress(patientId);
  const remove = useDeleteAddress(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const list = addressList(addresses);

  const choose = async (address: Address, flag: 'isDefault' | 'isMailing') => {
    try {
      feedback.saved(await save.mutateAsync({ ...address, [flag]: true }));
    } catch (error) {
      feedback.failed(contactDetailMessage('save', 'address'), error);
    }
  };

  const onDelete = async (address: Address) => {
    const confirmed = await confirm({
      title: 'Delete this address?',
      message: addressOneLine(address),
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(address.addressId);
    } catch (error) {
      feedback.failed(contactDetailMessage('delete', 'address'), error);
    }
  };

  const actionsOf = (address: Address): DetailAction[] => {
    const name = address.addressLine1;
    return [
      {
        label: 'Edit',
        ariaLabel: `Edit ${name}`,
        onClick: () => {
          setEditing(address);
        },
      },
      ...(address.isDefault
        ? []
        : [
            {
              label: 'Make default',
              ariaLabel: `Make default ${name}`,
              onClick: () => void choose(address, 'isDefault'),
            },
          ]),
      ...(address.isMailing
        ? []
        : [
            {
              label: 'Make mailing',
              ariaLabel: `Make mailing ${name}`,
              onClick: () => void choose(address, 'isMailing'),
            },
          ]),
      {
        label: 'Delete',
        ariaLabel: `Delete ${name}`,
        color: 'error',
        onClick: () => void onDelete(address),
      },
    ];
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {list.length === 0 ? (
        <Typography>No addresses.</Typography>
      ) : (
        <List aria-label="Addresses" disablePadding>
          {list.map((address) => (
            <DetailRow
              key={address.addressId}
              primary={address.addressLine1}
              secondary={[address.addressLine2, cityLine(address)]
                .filter((line) => line !== null && line !== '')
                .join('\n')}
              flags={[
                ...(address.isDefault ? ['Default'] : []),
                ...(address.isMailing ? ['Mailing'] : []),
              ]}
              actions={actionsOf(address)}
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
        Add address
      </Button>
      {editing !== null && (
        <AddressDialog
          patientId={patientId}
          address={editing === 'new' ? null : editing}
          existingCount={list.length}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
