import { describe, expect, it } from 'vitest';

import { addressOneLine, cityLine } from './address-text';

const home = {
  addressId: 7,
  addressLine1: '2 Harbor Way',
  addressLine2: null,
  city: 'Portland',
  state: 'ME',
  zipcode: '041012345',
  isDefault: true,
  isMailing: true,
};

describe('address text', () => {
  it('shows a nine-digit ZIP as 5-4', () => {
    expect(cityLine(home)).toBe('Portland, ME 04101-2345');
    expect(cityLine({ ...home, zipcode: '04101' })).toBe('Portland, ME 04101');
  });

  it('leaves out an empty second line', () => {
    expect(addressOneLine(home)).toBe('2 Harbor Way, Portland, ME 04101-2345');
    expect(addressOneLine({ ...home, addressLine2: 'Apt 3' })).toBe(
      '2 Harbor Way, Apt 3, Portland, ME 04101-2345',
    );
  });
});
