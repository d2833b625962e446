import { describe, expect, it } from 'vitest';

import type { Payer } from './api';
import { payerFormErrors, payerFormValues, payerSaveBody } from './payer-form';

const aetna = {
  practice_insurance_id: 7,
  label: 'Aetna',
  displayLabel: 'Aetna (60054)',
  payerId: '60054',
  addressLine1: 'PO Box 14079',
  city: 'Lexington',
  state: 'KY',
  zipcode: '405124079',
  phone: '8882323333',
  endDate: null,
  therapist_specific: false,
  active: true,
} satisfies Payer;

describe('payer form', () => {
  it('shows a payer with its ZIP as 5-4 and its phone formatted', () => {
    expect(payerFormValues(aetna)).toEqual({
      label: 'Aetna',
      payerId: '60054',
      addressLine1: 'PO Box 14079',
      city: 'Lexington',
      state: 'KY',
      zipcode: '40512-4079',
      phone: '(888) 232-3333',
      endDate: '',
      therapistSpecific: false,
    });
  });

  it('sends blanks as null and keeps the id when editing', () => {
    const values = { ...payerFormValues(null), label: ' Cigna ', payerId: 'sx107' };
    expect(payerSaveBody(values)).toEqual({
      label: 'Cigna',
      payerId: 'sx107',
      addressLine1: null,
      city: null,
      state: null,
      zipcode: null,
      phone: null,
      endDate: null,
      therapist_specific: false,
    });
    expect(payerSaveBody(payerFormValues(aetna), 7)).toMatchObject({
      practice_insurance_id: 7,
      zipcode: '40512-4079',
    });
  });

  it('reports each failing field once, the address as a whole', () => {
    expect(payerFormErrors({ ...payerFormValues(null), city: 'Quincy' })).toEqual({
      label: 'This is required.',
      payerId: 'This is required.',
      addressLine1: 'This is required.',
      state: 'This is required.',
      zipcode: 'This is required.',
    });
    expect(payerFormErrors(payerFormValues(aetna))).toEqual({});
  });
});
