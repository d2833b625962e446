import { sessionCharge, zonedIsoDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  appendEntries,
  chargeFactsOf,
  createStatement,
  payByCard,
  recordAdjustment,
  recordPayment,
  refundPayment,
  refundToCard,
  sessionFactsWhere,
  tokeniseOnLocalProcessor,
  type EntryOwner,
} from '../modules/billing/index.ts';
import { createMailer } from '../platform/mail.ts';
import { idArray } from '../platform/sql.ts';
import { seededRandom } from './client-generator.ts';

/**
 * The first demo practice's client billing (issue 19 item 9), written through billing's own
 * services so the ledger's rules hold as they do in the app: every attended past session is
 * charged as attendance charges it; most clients paid (cash, check or a card on the local
 * processor), half the insurers paid their part three weeks on; a few payments were partly refunded,
 * three clients paid ahead (credit), one charge was discounted and one written off; statements
 * went out on the last day of last month. Every entry is dated when it happened (the ledger's
 * `at`), so the reports, aging and statements read as a practice's months would. Figures are
 * the same on every seed: chance comes from a fixed seed, dates from the seed's "now".
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Insurers pay their part three weeks after the session. */
const INSURER_DELAY = 21 * DAY;
/** Clients without a session who paid ahead, and how much each. */
const PREPAID_CENTS = [5_000, 7_500, 10_000];
const STATEMENTS = 12;
const PAYMENT_METHODS = ['cash', 'check', 'card'] as const;

type Ctx = {
  db: Db;
  practiceId: number;
  userId: number;
  now: Date;
  processorId: number;
};

type Charge = {
  chargeId: number;
  clientId: number;
  at: Date;
  clientCents: number;
  insurerCents: number;
};

type Paid = { clientId: number; paymentId: number; amountCents: number; at: Date };

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
/** Never later than an hour before the seed's now. */
const notAfter = (at: number, now: Date) => new Date(Math.min(at, now.getTime() - HOUR));

/**
 * Charges every attended past session as attendance would (the domain's `sessionCharge` on the
 * same facts), one insert per client, and marks each session with its charge.
 */
async function chargePastSessions(ctx: Ctx): Promise<Charge[]> {
  const facts = await sessionFactsWhere(
    ctx.db,
    ctx.practiceId,
    sql`a.attended and a.account_invoice_id is null and e.type = 'appointment'
        and e.cancelled_at is null and e.start_at < ${ctx.now.toISOString()}`,
    { lock: false },
  );
  const byClient = new Map<number, { attendeeId: number; at: Date; f: (typeof facts)[number] }[]>();
  for (const f of facts) {
    if (f.isGroupClient || f.productId === null) continue;
    if (f.signedNoteRequired && !f.hasLockedNote) continue;
    const list = byClient.get(f.clientId) ?? [];
    list.push({ attendeeId: f.attendeeId, at: notAfter(Date.parse(f.startAt) + HOUR, ctx.now), f });
    byClient.set(f.clientId, list);
  }
  const charges: Charge[] = [];
  const marks: { attendeeId: number; chargeId: number }[] = [];
  for (const [clientId, sessions] of byClient) {
    const made = sessions.flatMap((s) => {
      const charge = sessionCharge(chargeFactsOf(s.f));
      return charge === null ? [] : [{ ...s, charge }];
    });
    const ids = await appendEntries(
      ctx.db,
      { practiceId: ctx.practiceId, clientId, userId: ctx.userId },
      made.map(({ at, f, charge }) => ({
        kind: 'charge' as const,
        amountCents: charge.feeCents,
        dateOfService: f.dateOfService,
        attendeeId: f.attendeeId,
        productId: f.productId,
        cptCode: f.cptCode,
        units: 1,
        clientPartCents: charge.clientCents,
        insurerPartCents: charge.insurerCents,
        at,
      })),
    );
    made.forEach((m, i) => {
      const chargeId = ids[i] ?? 0;
      marks.push({ attendeeId: m.attendeeId, chargeId });
      charges.push({
        chargeId,
        clientId,
        at: m.at,
        clientCents: m.charge.clientCents,
        insurerCents: m.charge.insurerCents,
      });
    });
  }
  if (marks.length > 0)
    await ctx.db.execute(sql`update calendar_event_attendees a set account_invoice_id = v.charge
      from (values ${sql.join(
        marks.map((m) => sql`(${m.attendeeId}::int, ${m.chargeId}::int)`),
        sql`, `,
      )}) as v(attendee, charge)
      where a.id = v.attendee`);
  return charges;
}

/** A client's payment by cash, check or a card on the local processor (Visa 4242, approved). */
async function clientPayment(
  ctx: Ctx,
  owner: EntryOwner & { at: Date },
  payment: {
    method: (typeof PAYMENT_METHODS)[number];
    amountCents: number;
    allocations: { chargeId: number; amountCents: number }[];
    key: string;
    notation?: string;
  },
): Promise<number> {
  const base = {
    amountCents: payment.amountCents,
    allocations: payment.allocations,
    leaveCredit: payment.allocations.length === 0,
    idempotencyKey: payment.key,
    notation: payment.notation,
  };
  if (payment.method !== 'card') {
    const reference =
      payment.method === 'check' ? `Check ${1000 + (payment.amountCents % 900)}` : undefined;
    const made = await recordPayment(ctx.db, owner, {
      ...base,
      source: 'client',
      method: payment.method,
      reference,
    });
    return made.paymentId;
  }
  const year = (owner.at.getUTCFullYear() + 3) % 100;
  const card = await tokeniseOnLocalProcessor(
    ctx.db,
    ctx.practiceId,
    {
      processorId: ctx.processorId,
      number: '4242424242424242',
      expiration: `12/${year}`,
      cvc: '123',
    },
    owner.at,
  );
  const made = await payByCard(
    ctx.db,
    owner,
    { ...base, token: card.cardRef, processorId: ctx.processorId },
    () => owner.at,
  );
  return made.paymentId;
}

/**
 * One client's payments: the insurer's check for its part of sessions three weeks old, and the
 * client's own payment for their part at their latest session, the newest `leaveOpen` sessions
 * left owing.
 */
async function settle(
  ctx: Ctx,
  clientId: number,
  charges: Charge[],
  plan: { method: (typeof PAYMENT_METHODS)[number]; leaveOpen: number; insurerPaid: boolean },
): Promise<Paid[]> {
  const owner = { practiceId: ctx.practiceId, clientId, userId: ctx.userId };
  const paid: Paid[] = [];
  const insured = charges.filter(
    (c) =>
      plan.insurerPaid && c.insurerCents > 0 && c.at.getTime() + INSURER_DELAY < ctx.now.getTime(),
  );
  const insurerAt = insured.at(-1);
  if (insurerAt) {
    const amountCents = sum(insured.map((c) => c.insurerCents));
    await recordPayment(
      ctx.db,
      { ...owner, at: new Date(insurerAt.at.getTime() + INSURER_DELAY) },
      {
        amountCents,
        source: 'insurance',
        method: 'check',
        reference: `EFT ${880_000 + clientId}`,
        allocations: insured.map((c) => ({ chargeId: c.chargeId, amountCents: c.insurerCents })),
        leaveCredit: false,
        idempotencyKey: `demo-insurer-${clientId}`,
      },
    );
  }
  const theirs = charges.slice(0, Math.max(0, charges.length - plan.leaveOpen));
  const last = theirs.at(-1);
  const amountCents = sum(theirs.map((c) => c.clientCents));
  if (last && amountCents > 0) {
    const at = notAfter(last.at.getTime() + HOUR / 4, ctx.now);
    const paymentId = await clientPayment(
      ctx,
      { ...owner, at },
      {
        method: plan.method,
        amountCents,
        allocations: theirs
          .filter((c) => c.clientCents > 0)
          .map((c) => ({ chargeId: c.chargeId, amountCents: c.clientCents })),
        key: `demo-payment-${clientId}`,
      },
    );
    paid.push({ clientId, paymentId, amountCents, at });
  }
  return paid;
}

/** Two partial refunds (cash and back to the card) and one charge discounted, one written off. */
async function corrections(ctx: Ctx, paid: Paid[], unpaid: Charge[]): Promise<void> {
  const byMethod = async (method: string) => {
    const [row] = await rowsOf<{ id: number }>(
      ctx.db,
      sql`select id from ledger_entries where practice_id = ${ctx.practiceId} and kind = 'payment'
          and payment_source = 'client' and payment_method = ${method}
          and id = any(${idArray(paid.map((p) => p.paymentId))})
          order by id limit 1`,
    );
    return paid.find((p) => p.paymentId === row?.id);
  };
  const cash = await byMethod('cash');
  if (cash) {
    const owner = { practiceId: ctx.practiceId, clientId: cash.clientId, userId: ctx.userId };
    await refundPayment(
      ctx.db,
      { ...owner, at: notAfter(cash.at.getTime() + 2 * DAY, ctx.now) },
      {
        paymentId: cash.paymentId,
        amountCents: Math.min(2_000, cash.amountCents),
        notation: 'Copay paid twice; the second returned',
        idempotencyKey: 'demo-refund-cash',
      },
    );
  }
  const card = await byMethod('card');
  if (card) {
    const at = notAfter(card.at.getTime() + 3 * DAY, ctx.now);
    const owner = { practiceId: ctx.practiceId, clientId: card.clientId, userId: ctx.userId, at };
    await refundToCard(
      ctx.db,
      owner,
      {
        paymentId: card.paymentId,
        amountCents: Math.floor(card.amountCents / 2),
        notation: 'Sliding-scale fee agreed after the payment',
        idempotencyKey: 'demo-refund-card',
      },
      () => at,
    );
  }
  const [discounted, writtenOff] = unpaid.filter((c) => c.clientCents >= 2_000);
  for (const [charge, kind, notation] of [
    [discounted, 'discount', 'Sliding scale'],
    [writtenOff, 'writeoff', 'Balance under the collection threshold'],
  ] as const) {
    if (!charge) continue;
    const at = notAfter(charge.at.getTime() + 7 * DAY, ctx.now);
    await recordAdjustment(
      ctx.db,
      { practiceId: ctx.practiceId, clientId: charge.clientId, userId: ctx.userId, at },
      {
        chargeId: charge.chargeId,
        amountCents: kind === 'discount' ? Math.min(2_000, charge.clientCents) : charge.clientCents,
        kind,
        notation,
      },
    );
  }
}

/** Three clients with no session yet who paid ahead: open credits. */
async function prepayments(ctx: Ctx, clientIds: number[]): Promise<void> {
  for (const [i, amountCents] of PREPAID_CENTS.entries()) {
    const clientId = clientIds[i];
    if (clientId === undefined) return;
    await clientPayment(
      ctx,
      {
        practiceId: ctx.practiceId,
        clientId,
        userId: ctx.userId,
        at: notAfter(ctx.now.getTime() - (5 + 4 * i) * DAY, ctx.now),
      },
      {
        method: PAYMENT_METHODS[i % PAYMENT_METHODS.length] ?? 'cash',
        amountCents,
        allocations: [],
        key: `demo-prepaid-${clientId}`,
        notation: 'Paid ahead for the coming sessions',
      },
    );
  }
}

/** Last month's first and last days in the practice's zone, and 5 pm on its last day. */
function lastMonth(now: Date, timezone: string) {
  const [year = 0, month = 1] = zonedIsoDate(now, timezone).split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 2, 1));
  const end = new Date(Date.UTC(year, month - 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  // 21:00 UTC is 5 pm in New York (4 pm in winter): before any of this month's days.
  return { from: iso(start), to: iso(end), sentAt: new Date(end.getTime() + 21 * HOUR) };
}

/** Statements for last month, emailed on its last day (kept in the email log, not sent). */
async function statements(ctx: Ctx, clientIds: number[], timezone: string): Promise<void> {
  const period = lastMonth(ctx.now, timezone);
  const deps = {
    db: ctx.db,
    mailer: createMailer({ now: () => period.sentAt }),
    publicUrl: 'http://localhost:3000',
    now: period.sentAt,
  };
  for (const clientId of clientIds) {
    await createStatement(
      deps,
      { practiceId: ctx.practiceId, clientId, userId: ctx.userId },
      { from: period.from, to: period.to, email: true },
    );
  }
}

export async function seedDemoBilling(
  db: Db,
  practiceId: number,
  users: { biller: number; client1: number },
  now: Date,
): Promise<void> {
  const [facts] = await rowsOf<{ processorId: number; timezone: string; portalClientId: number }>(
    db,
    sql`select (select id from card_processors where practice_id = p.id and kind = 'local'
          order by id limit 1) as "processorId", p.timezone,
          (select id from clients where portal_user_id = ${users.client1}) as "portalClientId"
        from practices p where p.id = ${practiceId}`,
  );
  if (!facts) throw new Error('Demo seed: the practice is missing');
  const ids = { portalClientId: facts.portalClientId };
  const ctx: Ctx = { db, practiceId, userId: users.biller, now, processorId: facts.processorId };
  const charges = await chargePastSessions(ctx);
  const byClient = new Map<number, Charge[]>();
  for (const c of charges) byClient.set(c.clientId, [...(byClient.get(c.clientId) ?? []), c]);
  const random = seededRandom(19);
  const paid: Paid[] = [];
  const unpaid: Charge[] = [];
  for (const [i, [clientId, theirs]] of [...byClient].sort((a, b) => a[0] - b[0]).entries()) {
    // One client in four has paid nothing yet (the aging columns); client1 owes their latest.
    const owesAll = clientId !== ids.portalClientId && random() < 0.25;
    if (owesAll) {
      unpaid.push(...theirs);
      continue;
    }
    const leaveOpen = clientId === ids.portalClientId ? 1 : random() < 0.2 ? 1 : 0;
    const method = PAYMENT_METHODS[i % PAYMENT_METHODS.length] ?? 'cash';
    // Half the insurers have paid; the others' parts age in the open balances.
    const insurerPaid = random() < 0.5;
    paid.push(...(await settle(ctx, clientId, theirs, { method, leaveOpen, insurerPaid })));
  }
  await corrections(ctx, paid, unpaid);
  const [withoutSessions] = await rowsOf<{ ids: number[] }>(
    db,
    sql`select coalesce(array_agg(c.id order by c.id), '{}') as ids from (
          select c.id from clients c where c.practice_id = ${practiceId} and not c.is_group
            and c.merged_into_id is null
            and not exists (select 1 from ledger_entries e where e.client_id = c.id)
          order by c.id limit ${PREPAID_CENTS.length}) c`,
  );
  await prepayments(ctx, withoutSessions?.ids ?? []);
  const statementClients = [
    ids.portalClientId,
    ...paid.map((p) => p.clientId).filter((id) => id !== ids.portalClientId),
  ].slice(0, STATEMENTS);
  await statements(ctx, statementClients, facts.timezone);
}
