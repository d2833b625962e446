import { describe, expect, it } from 'vitest';
import type { ClientRelation } from './client-access.ts';
import {
  CLIENT_FIELDS,
  clientFieldsFor,
  searchableFields,
  searchRowFor,
  type ClientField,
} from './client-fields.ts';
import type { ClientSearchRow } from './client-search.ts';

const none: ClientRelation = { isTherapist: false, isSupervisor: false, isCustodian: false };
const treating: ClientRelation = { ...none, isTherapist: true };
const supervising: ClientRelation = { ...none, isSupervisor: true };
const holding: ClientRelation = { ...none, isCustodian: true };

/** Who the client is: shown to anyone who may open the record. */
const WHO: ClientField[] = [
  'name',
  'clientNumber',
  'therapists',
  'status',
  'groups',
  'alert',
  'timezone',
];
const REACH: ClientField[] = ['dob', 'phone', 'email'];
const PERSONAL: ClientField[] = [
  'insurance',
  'address',
  'contacts',
  'demographics',
  'clinical',
  'referralSource',
  'portal',
  'memo',
  'photoId',
];

const cases: [string, string[], ClientRelation, ClientField[]][] = [
  ['owner', ['customer.owner'], none, [...WHO, ...REACH, ...PERSONAL, 'deletion']],
  ['manager', ['customer.manager'], none, [...WHO, ...REACH, ...PERSONAL, 'deletion']],
  [
    'scheduler',
    ['customer.frontoffice', 'customer.scheduler'],
    none,
    [...WHO, ...REACH, ...PERSONAL],
  ],
  ['biller', ['customer.frontoffice', 'customer.biller'], none, [...WHO, ...REACH, ...PERSONAL]],
  // The front desk reaches and identifies clients, but sees no insurance or personal details.
  ['front office only', ['customer.frontoffice'], none, [...WHO, ...REACH]],
  // Staff administrators see who the client is and nothing more.
  ['staff administrator', ['customer.staffadministrator'], none, WHO],
  [
    'therapist, own client',
    ['customer.therapist'],
    treating,
    [...WHO, ...REACH, ...PERSONAL, 'reasonForAppointment'],
  ],
  [
    'therapist with billing rights, own client',
    ['customer.therapist', 'customer.therapist.financial'],
    treating,
    [...WHO, ...REACH, ...PERSONAL, 'reasonForAppointment'],
  ],
  [
    'supervisor, supervisee client',
    ['customer.therapist'],
    supervising,
    [...WHO, ...REACH, ...PERSONAL],
  ],
  ["therapist, another therapist's client", ['customer.therapist'], none, []],
  [
    'custodian, held record',
    ['customer.phisupervisor'],
    holding,
    [...WHO, ...REACH, ...PERSONAL, 'deletion'],
  ],
  ['custodian, other record', ['customer.phisupervisor'], none, []],
  ['portal client', ['patient.patient'], none, []],
  ['internal support', ['ta.support'], none, []],
];

describe('clientFieldsFor: every role × field', () => {
  for (const [who, authorities, relation, expected] of cases) {
    describe(who, () => {
      const fields = clientFieldsFor(authorities, relation);
      it.each(CLIENT_FIELDS.map((field) => [field, expected.includes(field)] as const))(
        '%s: %s',
        (field, shown) => {
          expect(fields.has(field)).toBe(shown);
        },
      );
    });
  }
});

describe('clientFieldsFor: duplicate warning', () => {
  it('names a client outside the caller access by name and client number only', () => {
    expect([...clientFieldsFor(['customer.therapist'], none, 'duplicateWarning')].sort()).toEqual([
      'clientNumber',
      'name',
    ]);
  });

  it('shows a client inside the caller access as the record rule does', () => {
    expect(clientFieldsFor(['customer.therapist'], treating, 'duplicateWarning')).toEqual(
      clientFieldsFor(['customer.therapist'], treating),
    );
    expect(
      clientFieldsFor(['customer.staffadministrator'], none, 'duplicateWarning').has('dob'),
    ).toBe(false);
  });
});

describe('searchRowFor', () => {
  const row: ClientSearchRow = {
    user_id: 1,
    patient_rcrd_id: 1,
    patient_first_name: 'Margaret',
    patient_last_name: 'Hamilton',
    patient_nick_name: null,
    therapist_first_name: 'Theresa',
    therapist_last_name: 'Quinn',
    therapist_names: ['Theresa Quinn'],
    group_name: null,
    practice_insurance_id: 3,
    practice_insurance_name: 'Aetna',
    secondary_practice_insurance_id: null,
    secondary_practice_insurance_name: null,
    responsible_party_first_name: 'Paul',
    responsible_party_last_name: 'Hamilton',
    user_insurance_insurancenumber: 'W1',
    email: 'm@example.com',
    phone: '2075550102',
    dateOfBirth: '1985-06-15',
    payment_type: 'Insurance',
    accountNumber: 'C000001001',
    clientStatus: 'Active',
    added: '2026-01-01T00:00:00.000Z',
    isGroup: false,
    custom_searchable_id: null,
  };

  it('leaves out, rather than blanks, every key of a field the caller may not see', () => {
    const shown = searchRowFor(row, clientFieldsFor(['customer.staffadministrator'], none));
    expect(Object.keys(shown).sort()).toEqual(
      [
        'user_id',
        'patient_rcrd_id',
        'patient_first_name',
        'patient_last_name',
        'patient_nick_name',
        'therapist_first_name',
        'therapist_last_name',
        'therapist_names',
        'group_name',
        'accountNumber',
        'clientStatus',
        'added',
        'isGroup',
        'custom_searchable_id',
      ].sort(),
    );
  });

  it('keeps phone, email and date of birth for the front desk, not insurance or the responsible party', () => {
    const shown = searchRowFor(row, clientFieldsFor(['customer.frontoffice'], none));
    expect(shown).toMatchObject({
      phone: row.phone,
      email: row.email,
      dateOfBirth: row.dateOfBirth,
    });
    for (const key of [
      'practice_insurance_id',
      'practice_insurance_name',
      'user_insurance_insurancenumber',
      'secondary_practice_insurance_id',
      'secondary_practice_insurance_name',
      'payment_type',
      'responsible_party_first_name',
      'responsible_party_last_name',
    ]) {
      expect(shown).not.toHaveProperty(key);
    }
  });

  it('keeps every key for a manager', () => {
    expect(searchRowFor(row, clientFieldsFor(['customer.manager'], none))).toEqual(row);
  });
});

describe('searchableFields', () => {
  it.each([
    [['customer.manager'], 'all', true, true],
    [['customer.frontoffice'], 'all', true, false],
    [['customer.staffadministrator'], 'all', false, false],
    [['customer.therapist'], 'my', true, true],
    [['customer.therapist'], 'supervisees', true, true],
    [['customer.phisupervisor'], 'custodian', true, true],
  ] as const)(
    '%j in %s: date of birth %s, insurance %s',
    (authorities, context, dob, insurance) => {
      const fields = searchableFields(authorities, context);
      expect(fields.has('dob')).toBe(dob);
      expect(fields.has('insurance')).toBe(insurance);
    },
  );
});
