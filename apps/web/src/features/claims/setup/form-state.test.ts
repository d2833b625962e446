import { CLAIM_SETUP_MESSAGES } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import type { ClaimSetup } from './api';
import { bodyOf, checkForm, formOf } from './form-state';

/** The claim set-up form: read from the answer, checked by the domain's rules, sent back. */

const setup: ClaimSetup = {
  configured: true,
  billingProvider: {
    entityKind: 'organisation',
    organisationName: 'Riverbend Counseling Collective',
    firstName: '',
    lastName: '',
    npi: '1829473655',
    tinKind: 'ein',
    tin: '36-4812345',
    taxonomy: '101YP2500X',
    address: {
      line1: '100 Commercial St',
      line2: null,
      city: 'Portland',
      state: 'ME',
      zip: '04101-4608',
    },
    payTo: null,
  },
  clearinghouse: {
    kind: 'local',
    endpointUrl: null,
    submitterId: null,
    username: null,
    hasSecret: false,
  },
  providers: [
    {
      therapistId: 1,
      name: 'Ana Ruiz',
      credentials: 'LPC',
      npi: '1528461035',
      taxonomy: '',
      supervisingTherapistId: null,
    },
    {
      therapistId: 2,
      name: 'Ben Lee',
      credentials: null,
      npi: '',
      taxonomy: '',
      supervisingTherapistId: 1,
    },
  ],
  payers: [
    {
      practiceInsuranceId: 7,
      label: 'Aetna',
      payerId: '60054',
      claimsEnrolled: true,
      eraEnrolled: false,
    },
  ],
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: 'Bea Biller',
};

describe('the claim set-up form', () => {
  it('round-trips the answer into the save body', () => {
    const body = bodyOf(formOf(setup));
    expect(body.billingProvider).toMatchObject({ npi: '1829473655', payTo: null });
    expect(body.clearinghouse).toEqual({ kind: 'local' });
    expect(body.providers).toEqual([
      { therapistId: 1, npi: '1528461035', taxonomy: '', supervisingTherapistId: null },
      { therapistId: 2, npi: '', taxonomy: '', supervisingTherapistId: 1 },
    ]);
    expect(checkForm(formOf(setup), false)).toEqual({});
  });

  it('marks a bad NPI and a PO box under their fields, in the domain’s words', () => {
    const form = formOf(setup);
    form.npi = '1829473650';
    form.address = { ...form.address, line1: 'PO Box 9' };
    expect(checkForm(form, false)).toEqual({
      'billingProvider.npi': CLAIM_SETUP_MESSAGES.npiInvalid,
      'billingProvider.address.line1': CLAIM_SETUP_MESSAGES.addressPoBox,
    });
  });

  it('asks a new HTTPS clearinghouse for its secret, and sends none when one is kept', () => {
    const form = {
      ...formOf(setup),
      clearinghouseKind: 'https' as const,
      endpointUrl: 'https://edi.example.com',
      submitterId: 'RB01',
      username: 'rb',
    };
    expect(checkForm(form, false)).toEqual({
      'clearinghouse.secret': CLAIM_SETUP_MESSAGES.secretMissing,
    });
    expect(checkForm(form, true)).toEqual({});
    expect(bodyOf(form).clearinghouse).not.toHaveProperty('secret');
  });
});
