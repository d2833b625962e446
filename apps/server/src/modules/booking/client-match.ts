import { DELETED_RECORD_STATUS_ID } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { clientEmails, clientPhones, clients, clientTherapists } from '../../db/schema/index.ts';
import { phoneDigits } from '../../platform/domain-checks.ts';
import { autoAssignForms } from '../clients/forms-service.ts';

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
 * The client a visitor's booking is for, inside the booking's transaction.
 * An existing record is used only when first name, last name, date of birth
 * and one of its email addresses all match (case aside), and exactly one
 * record does: a visitor who knows less gets a new record, and the answer
 * is the same either way, so a booking never tells whether someone is a
 * client. Otherwise a new client is made, active with the therapist, with the
 * practice's automatic forms. Nothing already on an existing record is
 * changed, except an empty reason for appointment.
 */
export async function findOrCreateClient(
  tx: Db,
  input: {
    practiceId: number;
    therapistId: number;
    person: BookingPerson;
    reason: string;
    now: Date;
  },
): Promise<{ clientId: number; created: boolean }> {
  const { person } = input;
  // Serialises visitors of one practice here, so the same person booking twice at once is matched.
  await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_NUMBER_LOCK}, ${input.practiceId})`);
  const matches = await rowsOf<{ id: number }>(
    tx,
    sql`select c.id from clients c
        where c.practice_id = ${input.practiceId} and c.merged_into_id is null and not c.is_group
          and c.record_status_id <> ${DELETED_RECORD_STATUS_ID}
          and lower(c.first_name) = lower(${person.firstName})
          and lower(c.last_name) = lower(${person.lastName})
          and c.dob = ${person.dob}::date
          and exists (select 1 from client_emails e where e.client_id = c.id
                      and lower(e.email) = lower(${person.email}))
        order by c.id limit 2`,
  );
  const match = matches.length === 1 ? matches[0] : undefined;
  if (match) {
    await linkTherapist(tx, match.id, input.therapistId);
    await tx.execute(
      sql`update clients set reason_for_appointment = ${input.reason}, updated_at = ${input.now.toISOString()}::timestamptz
          where id = ${match.id} and coalesce(btrim(reason_for_appointment), '') = ''`,
    );
    return { clientId: match.id, created: false };
  }

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
  return { clientId: client.id, created: true };
}

/** The therapist a client booked with becomes one of their therapists (if not already). */
export async function linkTherapist(tx: Db, clientId: number, therapistId: number): Promise<void> {
  await tx
    .insert(clientTherapists)
    .values({ clientId, therapistId, status: 'ACTIVE' })
    .onConflictDoNothing();
}
