import { formatZip } from '@openpractice/domain';

import type { Address } from '../api/contact-details';

/** 'Portland, ME 04101-2345' (ZIP shown 5-4 when it has 9 digits). */
export function cityLine(address: Pick<Address, 'city' | 'state' | 'zipcode'>): string {
  return `${address.city}, ${address.state} ${formatZip(address.zipcode)}`;
}

/** The address on one line, e.g. to name it in a button or a dialog. */
export function addressOneLine(address: Address): string {
  return [address.addressLine1, address.addressLine2, cityLine(address)]
    .filter((part) => part !== null && part !== '')
    .join(', ');
}
