import { describe, expect, it } from 'vitest';

import { fixLinkOf } from './fix-links';

describe('fixLinkOf', () => {
  it.each([
    ['claimSetup', 'billing.npi', '/perclaim/setup'],
    ['client', 'diagnoses', '/client/7?tab=clinical'],
    ['client', 'patient.address', '/client/7?tab=addresses'],
    ['client', 'subscriber.dob', '/client/7?tab=basic'],
    ['policy', 'policy.memberId', '/client/7?tab=insurance'],
    ['authorisation', 'priorAuthorisation', '/client/7?tab=insurance'],
    ['payer', 'payer.payerId', '/practice/insurance'],
    ['fees', 'lines[0].chargeCents', '/practice/services'],
    ['note', 'lines[0]', '/client/7/records'],
  ] as const)('%s (%s) → %s', (fix, field, href) => {
    expect(fixLinkOf({ fix, field }, 7)?.href).toBe(href);
  });

  it('has no screen for a problem with the claim itself yet', () => {
    expect(fixLinkOf({ fix: 'claim', field: 'lines[0].diagnosisPointers' }, 7)).toBeNull();
  });
});
