import { describe, expect, it } from 'vitest';
import { npi } from '../validators.ts';
import { hasZipPlus4, isPoBox, isTaxonomy, tinDigits } from './claim-values.ts';
import {
  billingProviderProblems,
  CLAIM_SETUP_MESSAGES,
  endpointUrlProblem,
  isSubmitterId,
  renderingProblems,
  toBillingProvider,
  type BillingProviderSetup,
} from './setup.ts';

/** Claim set-up rules (issue 20 item 1), each value table tested. */

const address = (line1: string, zip = '60601-1234') => ({
  line1,
  line2: null,
  city: 'Chicago',
  state: 'IL',
  zip,
});

const organisation: BillingProviderSetup = {
  entityKind: 'organisation',
  organisationName: 'Riverbend Counseling Collective',
  firstName: '',
  lastName: '',
  npi: '1234567893',
  tin: { kind: 'ein', value: '36-1234567' },
  taxonomy: '101YP2500X',
  address: address('200 W Madison St'),
  payTo: null,
};

describe('NPI (Luhn over 80840 + the first 9 digits)', () => {
  it.each([
    ['1234567893', true],
    ['1528461035', true],
    ['1888888884', true],
    ['1234567890', false],
    ['1528461036', false],
    ['123456789', false],
    ['12345678931', false],
    ['12345A7893', false],
    [' 1234567893', false],
  ])('%s → %s', (value, valid) => {
    expect(npi(value)).toBe(valid);
  });
});

describe('TIN', () => {
  it.each([
    ['36-1234567', '361234567'],
    ['361234567', '361234567'],
    ['123-45-6789', '123456789'],
    [' 123456789 ', '123456789'],
    ['12-345678', null],
    ['1234567890', null],
    ['12 3456789', null],
    ['', null],
  ])('%s → %s', (value, digits) => {
    expect(tinDigits(value)).toBe(digits);
  });
});

describe('taxonomy code', () => {
  it.each([
    ['101YP2500X', true],
    ['103T00000X', true],
    ['101yp2500x', true],
    ['1041C0700X', true],
    ['101YP2500', false],
    ['101YP2500Y', false],
    ['A01YP2500X', false],
    ['101YP2500XX', false],
  ])('%s → %s', (value, valid) => {
    expect(isTaxonomy(value)).toBe(valid);
  });
});

describe('ZIP+4', () => {
  it.each([
    ['60601-1234', true],
    ['606011234', true],
    ['60601', false],
    ['60601-12', false],
    ['6060-11234', false],
    ['ABCDE-1234', false],
  ])('%s → %s', (zip, plus4) => {
    expect(hasZipPlus4(zip)).toBe(plus4);
  });
});

describe('PO box', () => {
  it.each([
    ['PO Box 12', true],
    ['P.O. Box 12', true],
    ['p o box 9', true],
    ['POB 44', true],
    ['Post Office Box 9', true],
    ['Lockbox 1234', true],
    ['POBox 7', true],
    ['100 Boxwood Rd', false],
    ['55 Post Office Square', false],
    ['12 Pobrook Ave', false],
    ['1 Apollo Blvd', false],
  ])('%s → %s', (line1, poBox) => {
    expect(isPoBox(address(line1))).toBe(poBox);
  });

  it('reads the second line too', () => {
    expect(isPoBox({ ...address('Suite 4'), line2: 'PO Box 3' })).toBe(true);
  });
});

describe('the billing provider', () => {
  const problems = (change: Partial<BillingProviderSetup>) =>
    billingProviderProblems({ ...organisation, ...change });

  it('accepts a complete organisation, and an individual with an SSN', () => {
    expect(problems({})).toEqual([]);
    expect(
      problems({
        entityKind: 'person',
        organisationName: '',
        firstName: 'Ana',
        lastName: 'Ruiz',
        tin: { kind: 'ssn', value: '123-45-6789' },
      }),
    ).toEqual([]);
  });

  it.each<[string, Partial<BillingProviderSetup>, string, string]>([
    [
      'no name',
      { organisationName: ' ' },
      'billingProvider.organisationName',
      CLAIM_SETUP_MESSAGES.organisationNameMissing,
    ],
    [
      'a person without a last name',
      { entityKind: 'person', firstName: 'Ana' },
      'billingProvider.lastName',
      CLAIM_SETUP_MESSAGES.personNameMissing,
    ],
    ['no NPI', { npi: '' }, 'billingProvider.npi', CLAIM_SETUP_MESSAGES.npiMissing],
    [
      'a bad check digit',
      { npi: '1234567890' },
      'billingProvider.npi',
      CLAIM_SETUP_MESSAGES.npiInvalid,
    ],
    [
      'no TIN',
      { tin: { kind: 'ein', value: '' } },
      'billingProvider.tin',
      CLAIM_SETUP_MESSAGES.tinMissing,
    ],
    [
      'an 8-digit TIN',
      { tin: { kind: 'ein', value: '12-345678' } },
      'billingProvider.tin',
      CLAIM_SETUP_MESSAGES.tinInvalid,
    ],
    [
      'an organisation with an SSN',
      { tin: { kind: 'ssn', value: '123-45-6789' } },
      'billingProvider.tin',
      CLAIM_SETUP_MESSAGES.organisationSsn,
    ],
    [
      'an EIN with an unissued prefix',
      { tin: { kind: 'ein', value: '07-1234567' } },
      'billingProvider.tin',
      CLAIM_SETUP_MESSAGES.einInvalid,
    ],
    [
      'an SSN starting 9',
      {
        entityKind: 'person',
        firstName: 'A',
        lastName: 'B',
        tin: { kind: 'ssn', value: '912-45-6789' },
      },
      'billingProvider.tin',
      CLAIM_SETUP_MESSAGES.ssnImpossible,
    ],
    [
      'no taxonomy',
      { taxonomy: '' },
      'billingProvider.taxonomy',
      CLAIM_SETUP_MESSAGES.taxonomyMissing,
    ],
    [
      'a bad taxonomy',
      { taxonomy: '101YP2500' },
      'billingProvider.taxonomy',
      CLAIM_SETUP_MESSAGES.taxonomyInvalid,
    ],
    [
      'a PO box',
      { address: address('PO Box 12') },
      'billingProvider.address.line1',
      CLAIM_SETUP_MESSAGES.addressPoBox,
    ],
    [
      'a 5-digit ZIP',
      { address: address('200 W Madison St', '60601') },
      'billingProvider.address.zip',
      CLAIM_SETUP_MESSAGES.zipPlus4,
    ],
    [
      'no city',
      { address: { ...address('1 Main St'), city: '' } },
      'billingProvider.address',
      CLAIM_SETUP_MESSAGES.addressIncomplete,
    ],
    [
      'an incomplete pay-to',
      { payTo: { ...address('PO Box 9'), state: 'Illinois' } },
      'billingProvider.payTo',
      CLAIM_SETUP_MESSAGES.payToIncomplete,
    ],
  ])('refuses %s', (_name, change, field, message) => {
    expect(problems(change)).toEqual([{ field, message }]);
  });

  it('takes a PO box as the pay-to address, with a 5-digit ZIP', () => {
    expect(problems({ payTo: address('PO Box 880', '60690') })).toEqual([]);
  });

  it('says the PO box message in the scrubber’s words', () => {
    expect(CLAIM_SETUP_MESSAGES.addressPoBox).toMatch(/PO box.*pay-to address/);
  });

  it('becomes the claim model’s billing provider', () => {
    expect(toBillingProvider({ ...organisation, taxonomy: '101yp2500x' })).toMatchObject({
      entity: { kind: 'organisation', name: 'Riverbend Counseling Collective' },
      npi: '1234567893',
      taxonomy: '101YP2500X',
      payTo: null,
    });
  });
});

describe('rendering and supervising providers', () => {
  const known = new Map<number, string | null>([
    [1, null],
    [2, null],
    [3, null],
  ]);
  const row = (
    therapistId: number,
    npiValue: string,
    supervisingTherapistId: number | null = null,
  ) => ({
    therapistId,
    npi: npiValue,
    taxonomy: '',
    supervisingTherapistId,
  });

  it('accepts valid NPIs, a blank one, and a supervisor with an NPI', () => {
    expect(
      renderingProblems([row(1, '1528461035'), row(2, '', 1), row(3, '1888888884', 1)], known),
    ).toEqual([]);
  });

  it.each<[string, ReturnType<typeof row>[], string, string]>([
    [
      'a bad NPI',
      [row(1, '1528461036')],
      'providers.0.npi',
      CLAIM_SETUP_MESSAGES.renderingNpiInvalid,
    ],
    [
      'a shared NPI',
      [row(1, '1528461035'), row(2, '1528461035')],
      'providers.1.npi',
      CLAIM_SETUP_MESSAGES.renderingNpiRepeated,
    ],
    [
      'supervising oneself',
      [row(1, '1528461035', 1)],
      'providers.0.supervisingTherapistId',
      CLAIM_SETUP_MESSAGES.supervisorIsSelf,
    ],
    [
      'a supervisor of another practice',
      [row(1, '1528461035', 99)],
      'providers.0.supervisingTherapistId',
      CLAIM_SETUP_MESSAGES.supervisorUnknown,
    ],
    [
      'a supervisor without an NPI',
      [row(1, '1528461035', 2), row(2, '')],
      'providers.0.supervisingTherapistId',
      CLAIM_SETUP_MESSAGES.supervisorNpiMissing,
    ],
  ])('refuses %s', (_name, rows, field, message) => {
    expect(renderingProblems(rows, known)).toEqual([{ field, message }]);
  });

  it('takes a supervisor’s kept NPI when the request does not change it', () => {
    expect(
      renderingProblems(
        [row(1, '1528461035', 2)],
        new Map([
          [1, null],
          [2, '1888888884'],
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a bad taxonomy', () => {
    expect(renderingProblems([{ ...row(1, ''), taxonomy: 'X' }], known)).toEqual([
      { field: 'providers.0.taxonomy', message: CLAIM_SETUP_MESSAGES.taxonomyInvalid },
    ]);
  });
});

describe('the clearinghouse account', () => {
  it.each([
    ['https://edi.example.com/claims', null],
    ['https://edi.example.com:8443/x12', null],
    ['http://edi.example.com/claims', CLAIM_SETUP_MESSAGES.endpointInvalid],
    ['ftp://edi.example.com', CLAIM_SETUP_MESSAGES.endpointInvalid],
    ['edi.example.com', CLAIM_SETUP_MESSAGES.endpointInvalid],
    ['https://user:pw@edi.example.com/', CLAIM_SETUP_MESSAGES.endpointCredentials],
  ])('endpoint %s → %s', (url, problem) => {
    expect(endpointUrlProblem(url)).toBe(problem);
  });

  it.each([
    ['OPENPRACTICE01', true],
    ['A', true],
    ['1234567890123456', false],
    ['AB-12', false],
    ['', false],
  ])('submitter id %s → %s', (id, valid) => {
    expect(isSubmitterId(id)).toBe(valid);
  });
});
