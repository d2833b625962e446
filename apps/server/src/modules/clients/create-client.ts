import { CLIENT_STATUSES, hasRole, mayCreateClients } from '@openpractice/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  clientEmails,
  clientInsurances,
  clientPhones,
  clients,
  clientTherapists,
  practiceInsurances,
  therapists,
} from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { checkedString, phoneDigits } from '../../platform/domain-checks.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { autoAssignForms, type ClientForm } from './forms-service.ts';

const name = (max: number) => z.string().trim().min(1, 'This is required.').max(max);

export const newClientBody = z.object({
  firstName: name(60),
  lastName: name(60),
  nickName: z.string().trim().max(60).optional(),
  middleName: z.string().trim().max(60).optional(),
  dob: z.iso.date().optional(),
  email: checkedString(254, [{ name: 'email' }]).optional(),
  phone: checkedString(30, [{ name: 'phone' }]).optional(),
  therapistIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one therapist.')
    .max(16),
  status: z.enum(CLIENT_STATUSES).default('ACTIVE'),
  isPrivatePay: z.boolean().default(false),
  usualFeeCents: z.number().int().min(0).max(10_000_000).optional(),
  insurance: z
    .object({
      practiceInsuranceId: z.number().int().positive(),
      insuranceNumber: z.string().trim().min(1, 'This is required.').max(40),
    })
    .nullable()
    .optional(),
});
export type NewClient = z.infer<typeof newClientBody>;

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
  if (
    hasRole(auth.user.authorities, 'justTherapist') &&
    !chosen.some((t) => t.userId === auth.user.id)
  ) {
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
