import { formatMoney, formatUsDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { MailStatus, Mailer } from '../../platform/mail.ts';

/**
 * A payment's receipt by email (issue 19 item 4), sent when the person taking the payment asks.
 * It says the practice, the day, the amount and how it was paid (a card by its brand and last
 * four only) and nothing of care: no service, therapist, diagnosis or even the client's name,
 * since it may go to a responsible party and email is not a safe place for more. The portal
 * link is the configured public address, never the request's Host.
 */

export type ReceiptDeps = { db: Db; mailer: Mailer; publicUrl: string };
export type ReceiptStatus = MailStatus | 'no_address';

export const RECEIPT_MESSAGES = {
  clientOnly: 'A receipt is emailed only for a client’s payment.',
} as const;

type PaymentFacts = {
  amountCents: number;
  method: string;
  reference: string | null;
  day: string;
  practiceName: string;
  byCardProcessor: boolean;
};

/** What a card charged here says ("Visa ending 4242"); anything else typed by staff is not sent. */
const CARD_TEXT = /^[A-Za-z][A-Za-z ]{0,30} ending [0-9·]{4}$/;

/** How the payment was made, as the receipt says it. */
export function receiptMethod(
  payment: Pick<PaymentFacts, 'method' | 'reference' | 'byCardProcessor'>,
) {
  if (payment.method === 'cash') return 'Cash';
  if (payment.method === 'check') return 'Check';
  if (payment.byCardProcessor && payment.reference !== null && CARD_TEXT.test(payment.reference))
    return payment.reference;
  return 'Card';
}

export function receiptEmail(payment: PaymentFacts, paymentId: number, publicUrl: string) {
  return {
    kind: 'billing_receipt',
    subject: `Your payment receipt from ${payment.practiceName}`,
    text:
      `Thank you for your payment to ${payment.practiceName}.\n\n` +
      `Receipt number: ${String(paymentId)}\n` +
      `Date: ${formatUsDate(payment.day)}\n` +
      `Amount: ${formatMoney(payment.amountCents)}\n` +
      `Paid by: ${receiptMethod(payment)}\n\n` +
      `To see your account, sign in to the client portal: ${publicUrl}/n/\n`,
  };
}

/**
 * Where the receipt goes: the responsible party's address when the client names one and keeps
 * them among their contacts with an email (a parent paying for a child), else the client's own.
 */
async function recipientOf(db: Db, clientId: number): Promise<string | null> {
  const [row] = await rowsOf<{ email: string }>(
    db,
    sql`select email from (
          select k.email, 0 as rank, k.id from clients c
            join client_contacts k on k.client_id = c.id
              and lower(btrim(k.first_name)) = lower(btrim(c.responsible_party_first_name))
              and lower(btrim(k.last_name)) = lower(btrim(c.responsible_party_last_name))
            where c.id = ${clientId} and nullif(btrim(k.email), '') is not null
          union all
          select e.email, case when e.is_default then 1 else 2 end, e.id from client_emails e
            where e.client_id = ${clientId} and nullif(btrim(e.email), '') is not null
        ) found order by rank, id limit 1`,
  );
  return row?.email.trim() ?? null;
}

/** Emails the receipt of one of the client's payments; answers what became of it. */
export async function emailPaymentReceipt(
  deps: ReceiptDeps,
  owner: { practiceId: number; clientId: number },
  paymentId: number,
): Promise<ReceiptStatus> {
  const [payment] = await rowsOf<PaymentFacts>(
    deps.db,
    sql`select e.amount_cents as "amountCents", e.payment_method as method, e.reference,
          to_char(e.created_at at time zone p.timezone, 'YYYY-MM-DD') as day,
          p.name as "practiceName",
          exists (select 1 from card_charges k where k.payment_entry_id = e.id) as "byCardProcessor"
        from ledger_entries e join practices p on p.id = e.practice_id
        where e.id = ${paymentId} and e.kind = 'payment' and e.practice_id = ${owner.practiceId}
          and e.client_id = ${owner.clientId}`,
  );
  if (!payment) throw new Error('the payment to send a receipt for is missing');
  const to = await recipientOf(deps.db, owner.clientId);
  if (to === null) return 'no_address';
  const sent = await deps.mailer.sendMail(deps.db, {
    practiceId: owner.practiceId,
    clientId: owner.clientId,
    to,
    ...receiptEmail(payment, paymentId, deps.publicUrl),
  });
  return sent.status;
}
