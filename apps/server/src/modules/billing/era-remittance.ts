import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type {
  RemittanceForClient,
  RemittancePart,
  RemittanceWritten,
} from '../../platform/insurance-remittance.ts';
import { clientEntries, ledgerOf } from './ledger-store.ts';
import { recordAdjustment, recordPayment, reverseEntry, standingOf } from './ledger-service.ts';

/**
 * An insurer's remittance (ERA 835) for one client, written by the ledger's own calls so the
 * same rules hold as for a payment keyed by hand (issue 20 item 7): one insurance payment
 * (method era, the check or EFT number as its reference) applied to the sessions' charges, then
 * the contractual (CO) and other (OA, PI, CR) adjustments on them. Patient responsibility (PR)
 * writes nothing: it is what the charge still owes once the insurer's part is paid and
 * adjusted, which is the client's balance. What a charge cannot take (already paid, or no
 * charge made for the session) stays as the payment's credit rather than being lost.
 */

type Charge = { chargeId: number; attendeeId: number };

/** The sessions' live charges (a reversed charge bills nothing). */
async function chargesOf(db: Db, input: RemittanceForClient): Promise<Map<number, number>> {
  const ids = [...new Set(input.parts.flatMap((part) => part.attendeeIds))];
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<Charge>(
    db,
    sql`select c.id as "chargeId", c.attendee_id as "attendeeId" from ledger_entries c
        where c.practice_id = ${input.practiceId} and c.client_id = ${input.clientId}
          and c.kind = 'charge' and c.reverses_id is null
          and c.attendee_id = any(${`{${ids.join(',')}}`}::int[])
          and not exists (select 1 from ledger_entries r where r.reverses_id = c.id)
        order by c.id`,
  );
  return new Map(rows.map((row) => [row.attendeeId, row.chargeId]));
}

/** Spreads an amount over the part's charges in turn, each up to what it still owes. */
function spread(
  part: RemittancePart,
  cents: number,
  charges: ReadonlyMap<number, number>,
  open: Map<number, number>,
): { chargeId: number; amountCents: number }[] {
  const out: { chargeId: number; amountCents: number }[] = [];
  let left = cents;
  for (const attendeeId of part.attendeeIds) {
    const chargeId = charges.get(attendeeId);
    if (chargeId === undefined || left <= 0) continue;
    const take = Math.min(left, open.get(chargeId) ?? 0);
    if (take <= 0) continue;
    open.set(chargeId, (open.get(chargeId) ?? 0) - take);
    left -= take;
    out.push({ chargeId, amountCents: take });
  }
  return out;
}

const newestId = async (db: Db, input: { practiceId: number; clientId: number }) => {
  const entries = await clientEntries(db, input.practiceId, input.clientId, { lock: true });
  return { entries, newest: entries.at(-1)?.entryId ?? 0 };
};

/** The ids this client's ledger gained after `newest` (the client is locked: only ours). */
const writtenSince = async (
  db: Db,
  input: { practiceId: number; clientId: number },
  newest: number,
) =>
  (await clientEntries(db, input.practiceId, input.clientId, { lock: false }))
    .filter((entry) => entry.entryId > newest)
    .map((entry) => entry.entryId);

export async function postClientRemittance(
  db: Db,
  input: RemittanceForClient,
): Promise<RemittanceWritten> {
  const owner = { practiceId: input.practiceId, clientId: input.clientId, userId: input.userId };
  const { entries, newest } = await newestId(db, input);
  const ledger = ledgerOf(entries);
  const charges = await chargesOf(db, input);
  const open = new Map([...charges.values()].map((id) => [id, ledger.chargeOpen(id)]));
  const paid = input.parts.reduce((sum, part) => sum + part.paidCents, 0);
  if (paid > 0) {
    const allocations = input.parts.flatMap((part) => spread(part, part.paidCents, charges, open));
    await recordPayment(db, owner, {
      amountCents: paid,
      source: 'insurance',
      method: 'era',
      reference: input.reference,
      notation: input.notation,
      allocations,
      leaveCredit: true,
      idempotencyKey: input.key,
    });
  }
  for (const part of input.parts) {
    const adjustments = [
      ...spread(part, part.contractualCents, charges, open).map((a) => ({
        ...a,
        kind: 'contractual',
      })),
      ...spread(part, part.otherCents, charges, open).map((a) => ({ ...a, kind: 'writeoff' })),
    ];
    for (const adjustment of adjustments)
      await recordAdjustment(db, owner, { ...adjustment, notation: input.notation });
  }
  const standing = await standingOf(db, owner);
  return { entryIds: await writtenSince(db, input, newest), balanceCents: standing.balanceCents };
}

/**
 * Undoes an earlier posting's rows newest first (adjustments, then the payment's allocations,
 * then the payment), each through the ledger's reversal and its rules; a row a person has
 * since built on (a refund of the payment) refuses, and the caller records the problem.
 */
export async function reverseClientRemittance(
  db: Db,
  input: {
    practiceId: number;
    clientId: number;
    userId: number | null;
    entryIds: readonly number[];
    notation: string;
  },
): Promise<RemittanceWritten> {
  const owner = { practiceId: input.practiceId, clientId: input.clientId, userId: input.userId };
  const { newest } = await newestId(db, input);
  for (const entryId of [...input.entryIds].reverse())
    await reverseEntry(db, owner, { entryId, notation: input.notation });
  const standing = await standingOf(db, owner);
  return { entryIds: await writtenSince(db, input, newest), balanceCents: standing.balanceCents };
}
