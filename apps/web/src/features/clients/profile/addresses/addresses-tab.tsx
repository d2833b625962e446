import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useDeleteAddress, useSaveAddress, type Address } from '../api/contact-details';
import type { Addresses } from '../api/profile';
import { addressList } from '../lib/default-flags';
import {
  AddDetailButton,
  detailActions,
  useConfirmedDelete,
  useQuickSave,
  type QuickAction,
} from '../lib/detail-list';
import { DetailRow } from '../lib/detail-row';
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
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const list = addressList(addresses);
  const quickSave = useQuickSave('address', save.mutateAsync);
  const onDelete = useConfirmedDelete(
    'address',
    { title: 'Delete this address?', describe: addressOneLine },
    (address: Address) => remove.mutateAsync(address.addressId),
  );

  const actionsOf = (address: Address) => {
    const choose = (label: string, flag: 'isDefault' | 'isMailing'): QuickAction[] =>
      address[flag] ? [] : [{ label, run: () => void quickSave({ ...address, [flag]: true }) }];
    return detailActions(address.addressLine1, {
      edit: () => {
        setEditing(address);
      },
      quick: [...choose('Make default', 'isDefault'), ...choose('Make mailing', 'isMailing')],
      remove: () => void onDelete(address),
    });
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
      <AddDetailButton
        label="Add address"
        onClick={() => {
          setEditing('new');
        }}
      />
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
