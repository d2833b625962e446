import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { formErrorOf } from './server-error';

const refused = (status: number, field?: string) =>
  new ApiError(status, 'Refused.', { message: 'Refused.', ...(field ? { field } : {}) });

describe('formErrorOf', () => {
  it('puts a 400 on the field it names', () => {
    expect(formErrorOf(refused(400, 'leaveCredit'), ['amountCents', 'leaveCredit'])).toEqual({
      field: 'leaveCredit',
      message: 'Refused.',
    });
  });

  it('gathers allocations.N.* on the allocations', () => {
    expect(formErrorOf(refused(400, 'allocations.1.amountCents'), ['allocations'])).toEqual({
      field: 'allocations',
      message: 'Refused.',
    });
  });

  it('puts other fields, other statuses and other failures above the form', () => {
    expect(formErrorOf(refused(400, 'idempotencyKey'), ['amountCents']).field).toBeNull();
    expect(formErrorOf(refused(403), ['amountCents'])).toEqual({
      field: null,
      message: 'Refused.',
    });
    expect(formErrorOf(new Error('boom'), ['amountCents']).field).toBeNull();
  });
});
