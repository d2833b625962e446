import { describe, expect, it } from 'vitest';
import {
  claimFromSessions,
  claimListState,
  lineControlNumberOf,
  patientControlNumberOf,
  type ClaimSources,
} from './from-sessions.ts';
import { scrubClaim } from './scrub.ts';
import { MAX_PATIENT_CONTROL_NUMBER } from './claim-values.ts';

const numbering = {
  patientControlNumber: patientControlNumberOf(42, 1),
  frequency: '1',
  originalClaimNumber: null,
} as const;

/** Fake people and NPIs with valid check digits that belong to no one. */
const sources: ClaimSources = {
  billing: {
    entityKind: 'organisation',
    organisationName: 'Riverbend Counseling',
    firstName: '',
    lastName: '',
    npi: '1829473655',
    tin: { kind: 'ein', value: '36-4812345' },
    taxonomy: '101YP2500X',
    address: { line1: '100 Commercial St', city: 'Portland', state: 'ME', zip: '04101-4608' },
    payTo: null,
  },
  client: {
    firstName: 'Jo',
    lastName: 'Doe',
    dob: '1990-02-03',
    gender: 'F',
    address: { line1: '1 Elm St', city: 'Portland', state: 'ME', zip: '04101' },
  },
  policy: {
    responsibility: 'primary',
    memberId: 'XYZ123',
    groupNumber: 'G1',
    relationship: 'self',
    insured: null,
  },
  payer: { name: 'Aetna', payerId: '60054' },
  diagnoses: ['F41.1', 'F32.0'],
  priorAuthorisation: null,
  rendering: { firstName: 'Ana', lastName: 'Rivera', npi: '1245319599', taxonomy: '101YP2500X' },
  supervising: null,
  sessions: [
    {
      dateOfService: '2026-11-02',
      procedureCode: '90837',
      chargeCents: 15000,
      placeOfService: '11',
    },
    {
      dateOfService: '2026-11-09',
      procedureCode: '90834',
      chargeCents: 12000,
      placeOfService: '10',
    },
  ],
};

const context = { today: '2026-11-20' };
const codes = (s: ClaimSources) =>
  scrubClaim(claimFromSessions(s, numbering), context).errors.map((p) => [p.code, p.fix]);

describe('claimFromSessions', () => {
  it('bills each session as a line pointing at the first four diagnoses', () => {
    const claim = claimFromSessions(sources, numbering);
    expect(claim.placeOfService).toBe('11');
    expect(claim.lines).toEqual([
      expect.objectContaining({ procedureCode: '90837', modifiers: [], diagnosisPointers: [1, 2] }),
      // Telehealth in the client's home: its own place of service, with modifier 95.
      expect.objectContaining({ placeOfService: '10', modifiers: ['95'], chargeCents: 12000 }),
    ]);
    expect(claim.lines.map((l) => l.lineControlNumber)).toEqual(['C42-1-1', 'C42-1-2']);
    expect(claim.patient).toBeNull();
    expect(claim.policy).toMatchObject({ memberId: 'XYZ123', filingIndicator: 'CI' });
  });

  it('names the client as the patient when a parent holds the policy', () => {
    const claim = claimFromSessions(
      {
        ...sources,
        policy: {
          ...sources.policy!,
          relationship: 'child',
          insured: { firstName: 'Sam', lastName: 'Doe', dob: '1960-01-01' },
        },
      },
      numbering,
    );
    expect(claim.subscriber).toMatchObject({ firstName: 'Sam' });
    expect(claim.patient).toMatchObject({ firstName: 'Jo', relationship: 'child' });
  });

  it('is ready when nothing is missing', () => {
    const result = scrubClaim(claimFromSessions(sources, numbering), context);
    expect(result.errors).toEqual([]);
    expect(claimListState(result)).toBe('readyToSubmit');
  });

  it.each<[string, Partial<ClaimSources>, [string, string]]>([
    ['no claim set-up', { billing: null }, ['billingNpiMissing', 'claimSetup']],
    ['no diagnosis', { diagnoses: [] }, ['diagnosisMissing', 'client']],
    ['no policy', { policy: null }, ['policyMissing', 'policy']],
    [
      'no member id',
      { policy: { ...sources.policy!, memberId: null } },
      ['memberIdMissing', 'policy'],
    ],
    [
      'no fee',
      { sessions: [{ ...sources.sessions[0]!, chargeCents: 0 }] },
      ['chargeMissing', 'fees'],
    ],
    [
      'no service code',
      { sessions: [{ ...sources.sessions[0]!, procedureCode: null }] },
      ['procedureCodeInvalid', 'fees'],
    ],
    [
      'no rendering NPI',
      { rendering: { ...sources.rendering!, npi: '' } },
      ['renderingNpiInvalid', 'claimSetup'],
    ],
  ])('%s is a scrub problem with its fix', (_label, change, problem) => {
    const changed = { ...sources, ...change };
    expect(codes(changed)).toContainEqual(problem);
    expect(claimListState(scrubClaim(claimFromSessions(changed, numbering), context))).toBe(
      'scrubProblem',
    );
  });

  it('numbers within the 17 characters of CLM01 for any claim id', () => {
    const longest = patientControlNumberOf(2_147_483_647, 999);
    expect(longest.length).toBeLessThanOrEqual(MAX_PATIENT_CONTROL_NUMBER);
    expect(lineControlNumberOf(longest, 50)).toMatch(/^[A-Za-z0-9-]{1,30}$/);
  });
});
