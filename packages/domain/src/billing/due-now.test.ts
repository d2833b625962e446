import { describe, expect, it } from 'vitest';

import { dueNow, type DueNow, type DueNowInput } from './due-now.ts';
import { sessionCharge, type SessionChargeFacts } from './expected-parts.ts';

describe('dueNow', () => {
  it.each<[string, DueNowInput, DueNow]>([
    [
      'nothing open, nothing today',
      { balanceCents: 0, openChargeCents: [], todaysUnchargedCents: [] },
      { dueNowCents: 0, chargesDueCents: 0, todayCents: 0 },
    ],
    [
      'the open charges',
      { balanceCents: 17_000, openChargeCents: [15_000, 2_000], todaysUnchargedCents: [] },
      { dueNowCents: 17_000, chargesDueCents: 17_000, todayCents: 0 },
    ],
    [
      'unapplied credit lowers what the charges ask (the balance is net of it)',
      { balanceCents: 12_000, openChargeCents: [15_000], todaysUnchargedCents: [] },
      { dueNowCents: 12_000, chargesDueCents: 12_000, todayCents: 0 },
    ],
    [
      'never more than the open charges (a ledger mid-correction)',
      { balanceCents: 20_000, openChargeCents: [15_000], todaysUnchargedCents: [] },
      { dueNowCents: 15_000, chargesDueCents: 15_000, todayCents: 0 },
    ],
    [
      'today’s copay with nothing else owed',
      { balanceCents: 0, openChargeCents: [], todaysUnchargedCents: [2_500] },
      { dueNowCents: 2_500, chargesDueCents: 0, todayCents: 2_500 },
    ],
    [
      'open charges and today’s copay',
      { balanceCents: 4_000, openChargeCents: [4_000], todaysUnchargedCents: [2_500] },
      { dueNowCents: 6_500, chargesDueCents: 4_000, todayCents: 2_500 },
    ],
    [
      'two sessions today',
      { balanceCents: 0, openChargeCents: [], todaysUnchargedCents: [2_500, 3_000] },
      { dueNowCents: 5_500, chargesDueCents: 0, todayCents: 5_500 },
    ],
    [
      'credit goes against today’s copay',
      { balanceCents: -1_000, openChargeCents: [], todaysUnchargedCents: [2_500] },
      { dueNowCents: 1_500, chargesDueCents: 0, todayCents: 2_500 },
    ],
    [
      'credit larger than today’s copay: nothing due',
      { balanceCents: -5_000, openChargeCents: [], todaysUnchargedCents: [2_500] },
      { dueNowCents: 0, chargesDueCents: 0, todayCents: 2_500 },
    ],
    [
      'a client in credit with nothing today owes nothing',
      { balanceCents: -500, openChargeCents: [1_000], todaysUnchargedCents: [] },
      { dueNowCents: 0, chargesDueCents: 0, todayCents: 0 },
    ],
    [
      'a negative part (never stored) counts as nothing',
      { balanceCents: 0, openChargeCents: [], todaysUnchargedCents: [-300] },
      { dueNowCents: 0, chargesDueCents: 0, todayCents: 0 },
    ],
  ])('%s', (_, input, expected) => {
    expect(dueNow(input)).toEqual(expected);
  });
});

describe('sessionCharge', () => {
  const base: SessionChargeFacts = {
    units: 1,
    policy: null,
    clientUsualFeeCents: null,
    serviceFeeCents: 15_000,
  };
  it.each<[string, Partial<SessionChargeFacts>, ReturnType<typeof sessionCharge>]>([
    [
      'self-pay at the service fee: the client owes all',
      {},
      { feeCents: 15_000, clientCents: 15_000, insurerCents: 0 },
    ],
    [
      'self-pay at the client’s usual fee',
      { clientUsualFeeCents: 9_000 },
      { feeCents: 9_000, clientCents: 9_000, insurerCents: 0 },
    ],
    [
      'insured: the payer’s fee, the copay the client’s',
      {
        clientUsualFeeCents: 9_000,
        policy: { payerFeeCents: 11_000, coverage: { copayCents: 2_500 } },
      },
      { feeCents: 11_000, clientCents: 2_500, insurerCents: 8_500 },
    ],
    [
      'insured without a payer fee: the service fee, never the usual fee',
      { clientUsualFeeCents: 9_000, policy: { payerFeeCents: null, coverage: {} } },
      { feeCents: 15_000, clientCents: 0, insurerCents: 15_000 },
    ],
    ['a free session is no charge', { serviceFeeCents: 0 }, null],
  ])('%s', (_, facts, expected) => {
    expect(sessionCharge({ ...base, ...facts })).toEqual(expected);
  });
});
