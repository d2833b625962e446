import { describe, expect, it } from 'vitest';

import { addressText, photoIdChangeRows } from './photo-id-changes';

describe('photoIdChangeRows', () => {
  it.each([
    ['nothing proposed', {}, []],
    [
      'a name (legal name, middle name included)',
      {
        name: {
          current: { firstName: 'Margaret', middleName: null, lastName: 'Hamilton' },
          proposed: { firstName: 'Margaret', middleName: 'Eliza', lastName: 'Smith' },
        },
      },
      [
        {
          part: 'name',
          label: 'Name',
          current: 'Margaret Hamilton',
          proposed: 'Margaret Eliza Smith',
        },
      ],
    ],
    [
      'a date of birth where the profile has none',
      { dob: { current: null, proposed: '1985-06-16' } },
      [{ part: 'dob', label: 'Date of birth', current: 'None', proposed: '06/16/1985' }],
    ],
  ])('%s', (_label, changes, rows) => {
    expect(photoIdChangeRows(changes)).toEqual(rows);
  });

  it('lists parts in the order name, date of birth, address', () => {
    const rows = photoIdChangeRows({
      address: {
        current: null,
        proposed: {
          addressLine1: '9 Elm Street',
          addressLine2: null,
          city: 'Bangor',
          state: 'ME',
          zipcode: '04401',
        },
      },
      dob: { current: '1985-06-15', proposed: '1985-06-16' },
    });
    expect(rows.map((r) => r.part)).toEqual(['dob', 'address']);
    expect(rows[1]).toMatchObject({ current: 'None', proposed: '9 Elm Street, Bangor, ME 04401' });
  });
});

describe('addressText', () => {
  it.each([
    [null, 'None'],
    [
      {
        addressLine1: '12 Harbor Road',
        addressLine2: 'Apt 3',
        city: 'Portland',
        state: 'ME',
        zipcode: '041011234',
      },
      '12 Harbor Road, Apt 3, Portland, ME 04101-1234',
    ],
    [
      {
        addressLine1: '12 Harbor Road',
        addressLine2: ' ',
        city: 'Portland',
        state: 'ME',
        zipcode: '04101',
      },
      '12 Harbor Road, Portland, ME 04101',
    ],
  ])('%j → %s', (address, text) => {
    expect(addressText(address)).toBe(text);
  });
});
