import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { clientEmails, clientPhones, clients, clientTherapists } from '../../db/schema/index.ts';
import { phoneDigits } from '../../platform/domain-checks.ts';
import { autoAssignForms } from '../clients/index.ts';

/** Who a visitor says they are. */
export type BookingPerson = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** ISO date. */
  dob: string;
};

/** The same advisory lock as creating a client by hand: account numbers are sequential per practice. */
const CLIENT_NUMBER_LOCK = 727100;

/**
 * A new client made from a visitor's request, when staff confirm it as a
 * new client (never at booking): active with the therapist (primary), the
 * request's email and phone as defaults, its reason for appointment, and the
 * practice's automatic forms. Numbered under the practice's client-number lock.
 */
export async function createClientFromRequest(
  tx: Db,
  input: {
    practiceId: number;
    therapistId: number;
    person: BookingPerson;
    reason: string;
    now: Date;
  },
): Promise<number> {
  const { person } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_NUMBER_LOCK}, ${input.practiceId})`);
  const [next] = await rowsOf<{ n: number }>(
    tx,
    sql`select coalesce(max(account_number), 1000)::int + 1 as n from clients where practice_id = ${input.practiceId}`,
  );
  const [client] = await tx
    .insert(clients)
    .values({
      practiceId: input.practiceId,
      accountNumber: next?.n ?? 1001,
      firstName: person.firstName,
      lastName: person.lastName,
      dob: person.dob,
      reasonForAppointment: input.reason,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('client insert failed');
  await tx.insert(clientTherapists).values({
    clientId: client.id,
    therapistId: input.therapistId,
    status: 'ACTIVE',
    isPrimary: true,
  });
  await tx
    .insert(clientEmails)
    .values({ clientId: client.id, email: person.email, isDefault: true });
  await tx.insert(clientPhones).values({
    clientId: client.id,
    number: phoneDigits(person.phone),
    label: 'Mobile',
    isDefault: true,
  });
  await autoAssignForms(tx, {
    practiceId: input.practiceId,
    clientId: client.id,
    userId: null,
    now: input.now,
  });
  return client.id;
}

/** Whether the client and the therapist are already related (any status: the client gate's rule). */
export async function isLinked(db: Db, clientId: number, therapistId: number): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from client_therapists where client_id = ${clientId} and therapist_id = ${therapistId}`,
  );
  return rows.length > 0;
}

/**
 * The therapist becomes one of the client's therapists (if not already):
 * only ever on a staff decision (a confirmed request, or a practice's
 * instant mode for a client's own therapist, where nothing is new). Answers
 * whether a relation was added.
 */
export async function linkTherapist(
  tx: Db,
  clientId: number,
  therapistId: number,
): Promise<boolean> {
  const added = await tx
    .insert(clientTherapists)
    .values({ clientId, therapistId, status: 'ACTIVE' })
    .onConflictDoNothing()
    .returning({ clientId: clientTherapists.clientId });
  return added.length > 0;
}
