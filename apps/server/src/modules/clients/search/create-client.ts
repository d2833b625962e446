import type { newClientBody } from '@openpractice/contracts/clients/search';
import { hasRole, mayCreateClients } from '@openpractice/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client.ts';
import {
  clientEmails,
  clientInsurances,
  clientPhones,
  clients,
  clientTherapists,
  practiceInsurances,
  therapists,
} from '../../../db/schema/index.ts';
import { authOf } from '../../../platform/access.ts';
import { phoneDigits } from '../../../platform/domain-checks.ts';
import { badRequest, forbidden } from '../../../platform/errors.ts';
import { autoAssignForms, type ClientForm } from '../profile/forms-service.ts';

type NewClient = z.output<typeof newClientBody>;
type SignedInUser = NonNullable<FastifyRequest['auth']>['user'];

/**
 * Refuses a new client that cannot be created as given: the therapists must be
 * active therapists of this practice (a therapist adding a client includes
 * themself), the date of birth not in the future, the insurer the practice's.
 */
async function checkNewClient(
  db: Db,
  user: SignedInUser,
  practiceId: number,
  input: NewClient,
  now: Date,
): Promise<void> {
  const chosen = await db
    .select({ id: therapists.id, userId: therapists.userId })
    .from(therapists)
    .where(
      and(
        eq(therapists.practiceId, practiceId),
        eq(therapists.active, true),
        inArray(therapists.id, input.therapistIds),
      ),
    );
  if (chosen.length !== new Set(input.therapistIds).size)
    throw badRequest('Choose therapists of this practice.', 'therapistIds');
  if (hasRole(user.authorities, 'justTherapist') && !chosen.some((t) => t.userId === user.id)) {
    throw badRequest(
      'Therapists add clients to their own caseload: include yourself.',
      'therapistIds',
    );
  }
  if (input.dob && input.dob > now.toISOString().slice(0, 10))
    throw badRequest('The date of birth cannot be in the future.', 'dob');
  if (input.insurance) {
    const [payer] = await db
      .select({ id: practiceInsurances.id })
      .from(practiceInsurances)
      .where(
        and(
          eq(practiceInsurances.id, input.insurance.practiceInsuranceId),
          eq(practiceInsurances.practiceId, practiceId),
        ),
      );
    if (!payer)
      throw badRequest(
        'Choose an insurance company of this practice.',
        'insurance.practiceInsuranceId',
      );
  }
}

/**
 * Creates a client with its therapists, contact details, insurance and the
 * practice's automatic forms in one transaction. The route's declaration
 * audits the creation (the new client is what it returns).
 */
export async function createClient(
  db: Db,
  request: FastifyRequest,
  practiceId: number,
  input: NewClient,
  now: Date,
): Promise<{ id: number; accountNumber: number; forms: ClientForm[] }> {
  const auth = authOf(request);
  if (!mayCreateClients(auth.user.authorities)) throw forbidden();
  await checkNewClient(db, auth.user, practiceId, input, now);

  const created = await db.transaction(async (tx) => {
    // Account numbers are per practice and sequential; one creator at a time per practice.
    await tx.execute(sql`select pg_advisory_xact_lock(727100, ${practiceId})`);
    const [next] = await rowsOf<{ n: number }>(
      tx,
      sql`select coalesce(max(account_number), 1000)::int + 1 as n from clients where practice_id = ${practiceId}`,
    );
    const accountNumber = next?.n ?? 1001;
    const [client] = await tx
      .insert(clients)
      .values({
        practiceId,
        accountNumber,
        firstName: input.firstName,
        lastName: input.lastName,
        nickName: input.nickName || null,
        middleName: input.middleName || null,
        dob: input.dob ?? null,
        isPrivatePay: input.isPrivatePay,
        usualFeeCents: input.usualFeeCents ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: clients.id });
    if (!client) throw new Error('client insert failed');
    await tx.insert(clientTherapists).values(
      input.therapistIds.map((therapistId, i) => ({
        clientId: client.id,
        therapistId,
        status: input.status,
        isPrimary: i === 0,
      })),
    );
    if (input.email)
      await tx
        .insert(clientEmails)
        .values({ clientId: client.id, email: input.email, isDefault: true });
    if (input.phone)
      await tx.insert(clientPhones).values({
        clientId: client.id,
        number: phoneDigits(input.phone),
        label: 'Mobile',
        isDefault: true,
      });
    if (input.insurance) {
      await tx.insert(clientInsurances).values({
        clientId: client.id,
        practiceInsuranceId: input.insurance.practiceInsuranceId,
        insuranceType: 'PRIMARY',
        insuranceNumber: input.insurance.insuranceNumber,
        startDate: now.toISOString().slice(0, 10),
      });
    }
    const forms = await autoAssignForms(tx, {
      practiceId,
      clientId: client.id,
      userId: auth.user.id,
      now,
    });
    return { id: client.id, accountNumber, forms };
  });
  return created;
}
