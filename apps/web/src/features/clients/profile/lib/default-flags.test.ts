import { describe, expect, it } from 'vitest';

import type { Address } from '../api/contact-details';
import { addressList, defaultChoice, mailingChoice } from './default-flags';

const address = (addressId: number, isDefault: boolean, isMailing: boolean): Address => ({
  addressId,
  addressLine1: `${addressId} Harbor Way`,
  addressLine2: null,
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  isDefault,
  isMailing,
});

describe('defaultChoice', () => {
  it('makes the first entry the default, locked', () => {
    expect(defaultChoice(0, null)).toEqual({ checked: true, disabled: true });
  });

  it('leaves a further entry free to choose', () => {
    expect(defaultChoice(2, null)).toEqual({ checked: false, disabled: false });
  });

  it('keeps the current default ticked: another entry is made the default instead', () => {
    expect(defaultChoice(2, { isDefault: true })).toEqual({ checked: true, disabled: true });
    expect(defaultChoice(2, { isDefault: false })).toEqual({ checked: false, disabled: false });
  });

  it('applies the same rule to the mailing address', () => {
    expect(mailingChoice(1, { isMailing: true })).toEqual({ checked: true, disabled: true });
    expect(mailingChoice(0, null)).toEqual({ checked: true, disabled: true });
  });
});

describe('addressList', () => {
  it('lists an address that is default and mailing once, default first', () => {
    const both = address(1, true, true);
    const other = address(2, false, false);
    expect(
      addressList({ defaultAddress: both, mailingAddress: both, otherAddresses: [other] }).map(
        (a) => a.addressId,
      ),
    ).toEqual([1, 2]);
  });

  it('puts a separate mailing address second', () => {
    const home = address(1, true, false);
    const po = address(3, false, true);
    const other = address(2, false, false);
    expect(
      addressList({ defaultAddress: home, mailingAddress: po, otherAddresses: [other] }).map(
        (a) => a.addressId,
      ),
    ).toEqual([1, 3, 2]);
  });

  it('is empty without addresses', () => {
    expect(addressList(undefined)).toEqual([]);
  });
});
