import { formatZip } from '@openpractice/domain';

import type { Address, AddressInput } from '../api/contact-details';
import { wireText } from '../lib/changed-fields';

export interface AddressValues {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipcode: string;
  isDefault: boolean;
  isMailing: boolean;
}

/** The form's start: the address being edited (none: empty) with the default and mailing choices. */
export function addressFormValues(
  address: Address | null,
  flags: { isDefault: boolean; isMailing: boolean },
): AddressValues {
  return {
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zipcode: address ? formatZip(address.zipcode) : '',
    ...flags,
  };
}

/** What saveAddress is sent: trimmed texts, an upper-case state, the id when editing. */
export function addressInputOf(values: AddressValues, address: Address | null): AddressInput {
  return {
    ...(address ? { addressId: address.addressId } : {}),
    addressLine1: values.addressLine1.trim(),
    addressLine2: wireText(values.addressLine2),
    city: values.city.trim(),
    state: values.state.trim().toUpperCase(),
    zipcode: values.zipcode.trim(),
    isDefault: values.isDefault,
    isMailing: values.isMailing,
  };
}
