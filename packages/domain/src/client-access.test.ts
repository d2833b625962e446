import { describe, expect, it } from 'vitest';
import {
  clientAccess,
  clientSearchContextsFor,
  type ClientRelation,
  type PatientAccess,
} from './client-access.ts';
import { mayCreateClients } from './clients.ts';

const none: ClientRelation = { isTherapist: false, isSupervisor: false, isCustodian: false };
const treating: ClientRelation = { ...none, isTherapist: true };
const supervising: ClientRelation = { ...none, isSupervisor: true };
const custodian: ClientRelation = { ...none, isCustodian: true };

type Flags = Partial<PatientAccess>;
const cases: [string, string[], ClientRelation, Flags][] = [
  [
    'manager, any client',
    ['customer.manager'],
    none,
    {
      canView: true,
      hasDemographicAccess: true,
      hasBillingAccess: true,
      hasRecordAdministration: true,
      hasSchedulingAccess: true,
    },
  ],
  [
    'owner, any client',
    ['customer.owner'],
    none,
    { canView: true, hasBillingAccess: true, hasPaymentAccess: true },
  ],
  [
    'biller',
    ['customer.frontoffice', 'customer.biller'],
    none,
    {
      canView: true,
      hasDemographicAccess: true,
      hasBillingAccess: true,
      hasPaymentAccess: true,
      hasRecordAdministration: false,
    },
  ],
  [
    'scheduler',
    ['customer.frontoffice', 'customer.scheduler'],
    none,
    {
      canView: true,
      hasDemographicAccess: true,
      hasBillingAccess: false,
      hasSchedulingAccess: true,
    },
  ],
  [
    'front office only',
    ['customer.frontoffice'],
    none,
    {
      canView: true,
      hasDemographicAccess: false,
      hasSchedulingAccess: true,
      hasBillingAccess: false,
    },
  ],
  [
    'therapist, own client',
    ['customer.therapist'],
    treating,
    {
      canView: true,
      hasDemographicAccess: true,
      hasMessagingAccess: true,
      hasSchedulingAccess: true,
      hasBillingAccess: false,
    },
  ],
  [
    'therapist, another client',
    ['customer.therapist'],
    none,
    { canView: false, hasDemographicAccess: false },
  ],
  [
    'supervisor, supervisee client',
    ['customer.therapist'],
    supervising,
    { canView: true, hasDemographicAccess: true, hasMessagingAccess: false },
  ],
  [
    'financial therapist, own client',
    ['customer.therapist', 'customer.therapist.financial'],
    treating,
    { hasBillingAccess: true, hasPaymentAccess: false },
  ],
  [
    'paying therapist, own client',
    ['customer.therapist', 'customer.therapist.payment'],
    treating,
    { hasPaymentAccess: true },
  ],
  [
    'custodian, held record',
    ['customer.phisupervisor'],
    custodian,
    { canView: true, hasRecordAdministration: true, hasDemographicAccess: true },
  ],
  ['custodian, other record', ['customer.phisupervisor'], none, { canView: false }],
  ['client user', ['patient.patient'], treating, { canView: false }],
  ['support staff', ['ta.support'], none, { canView: false }],
];

describe('per-client access flags', () => {
  it.each(cases)('%s', (_label, authorities, relation, expected) => {
    expect(clientAccess(authorities, relation)).toMatchObject(expected);
  });
});

describe('client search contexts offered', () => {
  it.each([
    [
      ['customer.therapist'],
      { isTherapist: true, hasSupervisees: false, isCustodian: false },
      ['my'],
    ],
    [
      ['customer.therapist'],
      { isTherapist: true, hasSupervisees: true, isCustodian: false },
      ['my', 'supervisees'],
    ],
    [
      ['customer.owner', 'customer.therapist'],
      { isTherapist: true, hasSupervisees: false, isCustodian: false },
      ['my', 'all'],
    ],
    [
      ['customer.manager'],
      { isTherapist: false, hasSupervisees: false, isCustodian: false },
      ['all'],
    ],
    [
      ['customer.frontoffice'],
      { isTherapist: false, hasSupervisees: false, isCustodian: false },
      ['all'],
    ],
    [
      ['customer.phisupervisor'],
      { isTherapist: false, hasSupervisees: false, isCustodian: true },
      ['custodian'],
    ],
    [['patient.patient'], { isTherapist: false, hasSupervisees: false, isCustodian: false }, []],
  ] as const)('%j %j → %j', (authorities, facts, expected) => {
    expect(clientSearchContextsFor(authorities, facts)).toEqual(expected);
  });
});

describe('who may add clients', () => {
  it.each([
    [['customer.frontoffice'], true],
    [['customer.frontoffice', 'customer.scheduler'], true],
    [['customer.therapist'], true],
    [['customer.manager'], true],
    [['customer.staffadministrator'], false],
    [['customer.phisupervisor'], false],
    [['patient.patient'], false],
  ])('%j → %s', (authorities, expected) => {
    expect(mayCreateClients(authorities)).toBe(expected);
  });
});
