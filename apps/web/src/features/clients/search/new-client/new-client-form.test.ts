import { describe, expect, it } from 'vitest';

import {
  emptyNewClient,
  formFieldError,
  toDuplicateQuery,
  toNewClientPayload,
  type NewClientValues,
} from './new-client-form';

const jordan: NewClientValues = {
  ...emptyNewClient(false),
  firstName: ' Jordan ',
  lastName: 'Avery ',
  dob: '04/12/1990',
  email: 'jordan.avery@example.com',
  phone: '(207) 555-0104',
  therapistIds: [3],
};

describe('toNewClientPayload', () => {
  it('trims names, sends the date of birth as ISO and leaves out blank fields', () => {
    expect(toNewClientPayload(jordan)).toEqual({
      firstName: 'Jordan',
      lastName: 'Avery',
      nickName: undefined,
      middleName: undefined,
      dob: '1990-04-12',
      email: 'jordan.avery@example.com',
      phone: '(207) 555-0104',
      therapistIds: [3],
      status: 'ACTIVE',
      isPrivatePay: false,
      usualFeeCents: undefined,
      insurance: null,
    });
  });

  it('sends private pay with the usual fee in cents', () => {
    const payload = toNewClientPayload({ ...jordan, payment: 'privatePay', usualFee: '$1,250.5' });
    expect(payload).toMatchObject({ isPrivatePay: true, usualFeeCents: 125050, insurance: null });
  });

  it('sends insurance only when insurance is the payment chosen', () => {
    const withInsurance = {
      ...jordan,
      payment: 'insurance' as const,
      insuranceCompanyId: 7,
      insuranceNumber: ' W123 ',
      usualFee: '150',
    };
    expect(toNewClientPayload(withInsurance)).toMatchObject({
      isPrivatePay: false,
      usualFeeCents: undefined,
      insurance: { practiceInsuranceId: 7, insuranceNumber: 'W123' },
    });
    expect(toNewClientPayload({ ...withInsurance, payment: 'none' }).insurance).toBeNull();
  });
});

describe('toDuplicateQuery', () => {
  it('compares names, ISO date of birth, email and phone', () => {
    expect(toDuplicateQuery(jordan)).toEqual({
      firstName: 'Jordan',
      lastName: 'Avery',
      dob: '1990-04-12',
      email: 'jordan.avery@example.com',
      phone: '(207) 555-0104',
    });
    expect(toDuplicateQuery({ ...jordan, dob: '', email: ' ', phone: '' })).toEqual({
      firstName: 'Jordan',
      lastName: 'Avery',
      dob: undefined,
      email: undefined,
      phone: undefined,
    });
  });
});

describe('formFieldError', () => {
  it('puts a server error on the field it names, without the schema prefix', () => {
    expect(
      formFieldError('email', "field 'email': Please enter a valid e-mail address, e.g. x"),
    ).toEqual({ name: 'email', message: 'Please enter a valid e-mail address, e.g. x' });
    expect(formFieldError('dob', 'The date of birth cannot be in the future.')).toEqual({
      name: 'dob',
      message: 'The date of birth cannot be in the future.',
    });
  });

  it('maps nested and array fields to the form field that shows them', () => {
    expect(formFieldError('therapistIds.0', 'Too small')?.name).toBe('therapistIds');
    expect(formFieldError('insurance.practiceInsuranceId', 'Choose one')?.name).toBe(
      'insuranceCompanyId',
    );
    expect(formFieldError('insurance.insuranceNumber', 'This is required.')?.name).toBe(
      'insuranceNumber',
    );
    expect(formFieldError('usualFeeCents', 'Too big')?.name).toBe('usualFee');
  });

  it('is null for no field or a field the form does not have', () => {
    expect(formFieldError(undefined, 'Permission denied')).toBeNull();
    expect(formFieldError('patientId', 'Nope')).toBeNull();
  });
});
