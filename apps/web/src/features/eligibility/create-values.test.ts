import { describe, expect, it } from 'vitest';

import type { EligibilityDefaults, EligibilityPayer } from './api';
import { initialValues, toRequest } from './create-values';

const payers = [
  { practice_insurance_id: 1, label: 'Aetna', payerId: '60054', displayLabel: 'Aetna (60054)' },
  { practice_insurance_id: 2, label: 'Cigna', payerId: '62308', displayLabel: 'Cigna (62308)' },
] satisfies EligibilityPayer[];

const defaults = {
  patientId: 7,
  clientName: 'Emma Doe',
  therapists: [
    { therapistId: 3, name: 'Theresa Quinn', isPrimary: true, hasNpi: true },
    { therapistId: 4, name: 'Daniel Okafor', isPrimary: false, hasNpi: false },
  ],
  policy: {
    insuranceId: 11,
    payerId: '60054',
    payerName: 'Aetna',
    insuranceNumber: 'W123',
    isDependent: true,
    insuredFirstName: 'John',
    insuredLastName: 'Doe',
    insuredRelationship: 'child',
  },
} satisfies EligibilityDefaults;

describe('initialValues', () => {
  it("fills the form from the client's default policy and primary therapist", () => {
    expect(initialValues(defaults, payers, 'MH')).toEqual({
      payerId: '60054',
      serviceCode: 'MH',
      therapistId: 3,
      insured: 'dependent',
      insuredFirstName: 'John',
      insuredLastName: 'Doe',
      insuredRelationship: 'child',
      insuranceNumber: 'W123',
    });
  });

  it('leaves the payer empty when the policy’s payer is not offered, and works without a policy', () => {
    expect(initialValues(defaults, payers.slice(1), 'MH').payerId).toBe('');
    expect(initialValues({ ...defaults, policy: null, therapists: [] }, payers, '30')).toEqual({
      payerId: '',
      serviceCode: '30',
      therapistId: '',
      insured: 'insured',
      insuredFirstName: '',
      insuredLastName: '',
      insuredRelationship: 'child',
      insuranceNumber: '',
    });
  });
});

describe('toRequest', () => {
  const values = initialValues(defaults, payers, 'MH');

  it('names the default policy when its payer is chosen', () => {
    expect(toRequest(7, { ...values, insuranceNumber: ' W123 ' }, defaults)).toEqual({
      patientId: 7,
      insuranceId: 11,
      payerId: '60054',
      serviceCode: 'MH',
      therapistId: 3,
      isDependent: true,
      insuredFirstName: 'John',
      insuredLastName: 'Doe',
      insuredRelationship: 'child',
      insuranceNumber: 'W123',
    });
  });

  it('sends no policy for another payer and no insured for the insured themselves', () => {
    expect(
      toRequest(7, { ...values, payerId: '62308', insured: 'insured' }, defaults),
    ).toMatchObject({
      insuranceId: null,
      isDependent: false,
      insuredFirstName: null,
      insuredLastName: null,
      insuredRelationship: null,
    });
  });
});
