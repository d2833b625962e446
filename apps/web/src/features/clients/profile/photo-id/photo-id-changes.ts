import {
  formatUsDate,
  legalName,
  NONE_TEXT,
  type PhotoIdAddress,
  type PhotoIdPart,
  type PhotoIdProposedChanges,
} from '@openpractice/domain';

import { cityLine } from '../addresses/address-text';

/** One proposed change as the dialog lists it: what the profile has now, and what it would have. */
export interface PhotoIdChangeRow {
  part: PhotoIdPart;
  label: string;
  current: string;
  proposed: string;
}

export const PHOTO_ID_PART_LABELS: Record<PhotoIdPart, string> = {
  name: 'Name',
  dob: 'Date of birth',
  address: 'Default address',
};

/** '9 Elm Street, Apt 3, Bangor, ME 04401-1234'. */
export function addressText(address: PhotoIdAddress | null): string {
  if (!address) return NONE_TEXT;
  return [address.addressLine1, address.addressLine2, cityLine(address)]
    .filter((part) => part !== null && part.trim() !== '')
    .join(', ');
}

/** The proposal's parts in the rule's order (name, date of birth, address), as text. */
export function photoIdChangeRows(changes: PhotoIdProposedChanges): PhotoIdChangeRow[] {
  const rows: PhotoIdChangeRow[] = [];
  if (changes.name)
    rows.push({
      part: 'name',
      label: PHOTO_ID_PART_LABELS.name,
      current: legalName(changes.name.current),
      proposed: legalName(changes.name.proposed),
    });
  if (changes.dob)
    rows.push({
      part: 'dob',
      label: PHOTO_ID_PART_LABELS.dob,
      current: formatUsDate(changes.dob.current, NONE_TEXT),
      proposed: formatUsDate(changes.dob.proposed, NONE_TEXT),
    });
  if (changes.address)
    rows.push({
      part: 'address',
      label: PHOTO_ID_PART_LABELS.address,
      current: addressText(changes.address.current),
      proposed: addressText(changes.address.proposed),
    });
  return rows;
}
