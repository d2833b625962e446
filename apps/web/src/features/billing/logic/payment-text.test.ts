import { describe, expect, it } from 'vitest';

import type { DueNow } from '../api';
import { dueNowHint, receiptText } from './payment-text';

const session = { attendeeId: 1, startAt: '2026-11-21T15:00:00.000Z', clientPartCents: 2500 };
const due = (d: Partial<DueNow>): DueNow => ({
  patientId: 3,
  balanceCents: 0,
  creditCents: 0,
  openCharges: [],
  dueNowCents: 0,
  chargesDueCents: 0,
  todayCents: 0,
  sessions: [],
  ...d,
});

describe('dueNowHint', () => {
  it.each<[string, Partial<DueNow>, string]>([
    ['only open charges', { dueNowCents: 4000, chargesDueCents: 4000 }, 'Due now: $40.00.'],
    ['nothing', {}, 'Due now: $0.00.'],
    [
      'open charges and today’s copay',
      { dueNowCents: 6500, chargesDueCents: 4000, todayCents: 2500, sessions: [session] },
      'Due now: $65.00: open charges $40.00 and today’s session (not charged yet) $25.00.',
    ],
    [
      'only today’s copay',
      { dueNowCents: 2500, todayCents: 2500, sessions: [session] },
      'Due now: $25.00, for today’s session (not charged yet) $25.00.',
    ],
    [
      'two sessions today, with some credit',
      { dueNowCents: 4000, todayCents: 5000, sessions: [session, { ...session, attendeeId: 2 }] },
      'Due now: $40.00, for today’s 2 sessions (not charged yet) $50.00, less the credit on account.',
    ],
  ])('%s', (_, figures, text) => {
    expect(dueNowHint(due(figures))).toBe(text);
  });
});

describe('receiptText', () => {
  it('says what became of the receipt, and whether that is what was wanted', () => {
    expect(receiptText({ status: 'sent' })).toEqual({ text: 'A receipt was emailed.', ok: true });
    expect(receiptText({ status: 'logged' }).ok).toBe(true);
    expect(receiptText({ status: 'no_address' })).toMatchObject({ ok: false });
    expect(receiptText({ status: 'no_address' }).text).toMatch(/no email address/);
    expect(receiptText({ status: 'failed' }).ok).toBe(false);
    expect(receiptText({ status: 'suppressed' }).ok).toBe(false);
  });
});
