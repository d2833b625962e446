import { describe, expect, it } from 'vitest';
import {
  checkPayerField,
  PAYER_MESSAGES,
  payerAddressLine,
  samePayerId,
  validatePayer,
  type PayerInput,
} from './practice-payers.ts';

const full: PayerInput = {
  label: '  Harvard Pilgrim Health Care ',
  payerId: ' 04271 ',
  addressLine1: 'PO Box 699183',
  city: 'Quincy',
  state: 'ma',
  zipcode: '02269-9183',
  phone: '(888) 333-4742',
  endDate: '',
  therapistSpecific: false,
};

describe('payer fields', () => {
  it.each([
    ['label', '', 'This is required.'],
    ['label', '   ', 'This is required.'],
    ['label', 'x'.repeat(61), 'Please enter no more than 60 characters.'],
    ['label', 'Aetna', true],
    ['payerId', '', 'This is required.'],
    ['payerId', '60054', true],
    ['payerId', 'SX107', true],
    ['payerId', 'BCBS-ME', true],
    ['payerId', 'A', true],
    ['payerId', '600 54', PAYER_MESSAGES.payerId],
    ['payerId', '60054*', PAYER_MESSAGES.payerId],
    ['payerId', '-60054', PAYER_MESSAGES.payerId],
    ['payerId', '6'.repeat(80), true],
    ['payerId', '6'.repeat(81), 'Please enter no more than 80 characters.'],
    ['state', 'ME', true],
    ['state', 'Maine', PAYER_MESSAGES.state],
    ['state', '', true],
    ['zipcode', '04101', true],
    ['zipcode', '041012345', true],
    ['zipcode', '04101-2345', true],
    ['zipcode', '0410', 'Please enter a five-digit ZIP code.'],
    ['phone', '207-555-0100', true],
    ['phone', '555-0100', 'Please enter phone number in valid format, e.g. (888) 555-1212'],
  ] as const)('%s %j → %s', (field, value, expected) => {
    expect(checkPayerField(field, value)).toBe(expected);
  });
});

describe('validatePayer', () => {
  it('gives the stored values', () => {
    expect(validatePayer(full)).toEqual({
      ok: true,
      value: {
        label: 'Harvard Pilgrim Health Care',
        payerId: '04271',
        addressLine1: 'PO Box 699183',
        city: 'Quincy',
        state: 'MA',
        zipcode: '022699183',
        phone: '8883334742',
        endDate: null,
        therapistSpecific: false,
      },
    });
  });

  it('needs only a name and a payer id', () => {
    const check = validatePayer({ label: 'Cigna', payerId: 'sx107' });
    expect(check).toMatchObject({
      ok: true,
      value: { label: 'Cigna', payerId: 'SX107', addressLine1: null, zipcode: null, phone: null },
    });
  });

  it('lists every failing field', () => {
    const check = validatePayer({ label: '', payerId: 'a b', zipcode: '123' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual([
      { field: 'label', message: 'This is required.' },
      { field: 'payerId', message: PAYER_MESSAGES.payerId },
      { field: 'zipcode', message: 'Please enter a five-digit ZIP code.' },
      { field: 'addressLine1', message: 'This is required.' },
      { field: 'city', message: 'This is required.' },
      { field: 'state', message: 'This is required.' },
    ]);
  });

  it.each([
    ['2026-06-30', '2026-06-30'],
    ['06/30/2026', '2026-06-30'],
    ['', null],
    [null, null],
  ])('reads end date %j as %j', (endDate, stored) => {
    const check = validatePayer({ label: 'Aetna', payerId: '60054', endDate });
    expect(check).toMatchObject({ ok: true, value: { endDate: stored } });
  });

  it.each(['2026-02-30', '13/01/2026', 'soon'])('refuses end date %j', (endDate) => {
    expect(validatePayer({ label: 'Aetna', payerId: '60054', endDate })).toEqual({
      ok: false,
      errors: [{ field: 'endDate', message: 'Please enter a valid date, e.g. 01/05/1995.' }],
    });
  });
});

describe('payer display', () => {
  it('compares payer ids without case', () => {
    expect(samePayerId('sx107', 'SX107 ')).toBe(true);
    expect(samePayerId('60054', '60055')).toBe(false);
  });

  it.each([
    [
      { addressLine1: 'PO Box 14079', city: 'Lexington', state: 'KY', zipcode: '405124079' },
      'PO Box 14079, Lexington, KY 40512-4079',
    ],
    [
      { addressLine1: 'PO Box 1', city: 'Augusta', state: 'ME', zipcode: '04330' },
      'PO Box 1, Augusta, ME 04330',
    ],
    [{}, ''],
  ])('%o reads %j', (payer, line) => {
    expect(payerAddressLine(payer)).toBe(line);
  });
});
