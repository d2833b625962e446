import type { Addresses } from '../api/profile';
import type { Address } from '../api/contact-details';

export interface FlagChoice {
  checked: boolean;
  /** Locked: the first entry is always the default, and the default moves by choosing another. */
  disabled: boolean;
}

/**
 * The 'Default' checkbox of a phone, email or address dialog. A client with
 * any entries has exactly one default (the server keeps it so): the first
 * entry becomes it whatever is ticked, and the current default cannot be
 * un-ticked; another entry is made the default instead.
 */
export function defaultChoice(
  existingCount: number,
  editing: { isDefault: boolean } | null,
): FlagChoice {
  if (editing) return { checked: editing.isDefault, disabled: editing.isDefault };
  return existingCount === 0
    ? { checked: true, disabled: true }
    : { checked: false, disabled: false };
}

/** The same rule for the mailing address. */
export function mailingChoice(
  existingCount: number,
  editing: { isMailing: boolean } | null,
): FlagChoice {
  return defaultChoice(existingCount, editing ? { isDefault: editing.isMailing } : null);
}

/** Every address once: the default first, then the mailing address, then the others. */
export function addressList(addresses: Addresses | undefined): Address[] {
  if (!addresses) return [];
  const list: Address[] = [];
  for (const address of [
    addresses.defaultAddress,
    addresses.mailingAddress,
    ...addresses.otherAddresses,
  ]) {
    if (address && !list.some((a) => a.addressId === address.addressId)) list.push(address);
  }
  return list;
}
