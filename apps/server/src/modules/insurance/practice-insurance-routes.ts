import * as contract from '@openpractice/contracts/insurance/payers';
import {
  isPracticeInsuranceActive,
  parsePayerEndDate,
  PAYER_MESSAGES,
  payerLabel,
  validatePayer,
} from '@openpractice/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { practiceInsurances } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { practiceDay } from '../../platform/practice-day.ts';

type PayerRow = typeof practiceInsurances.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PayerValue = Extract<ReturnType<typeof validatePayer>, { ok: true }>['value'];

/** Serialises payer saves per practice, so two saves cannot both take one payer id. */
const PAYER_LOCK_KEY = 727101;

/** A payer as every call answers it (spec-2 §3 names, plus the address). */
function payerOf(r: PayerRow, today: string) {
  return {
    practice_insurance_id: r.id,
    label: r.label,
    displayLabel: payerLabel({ label: r.label, payerId: r.payerId }),
    payerId: r.payerId,
    addressLine1: r.addressLine1,
    city: r.city,
    state: r.state,
    zipcode: r.zipcode,
    phone: r.phone,
    endDate: r.endDate,
    therapist_specific: r.therapistSpecific,
    active: isPracticeInsuranceActive(
      { endDate: r.endDate, therapist_specific: r.therapistSpecific },
      today,
    ),
  };
}

async function findPayer(db: Db | Tx, practiceId: number, payerId: number): Promise<PayerRow> {
  const [row] = await db
    .select()
    .from(practiceInsurances)
    .where(and(eq(practiceInsurances.id, payerId), eq(practiceInsurances.practiceId, practiceId)));
  if (!row) throw notFound(PAYER_MESSAGES.notFound);
  return row;
}

/**
 * Adds the payer, or edits payer `editing`: 409 when another of the practice's payers has
 * the same payer id (compared without case).
 */
async function storePayer(
  db: Db,
  practiceId: number,
  editing: number | undefined,
  value: PayerValue,
): Promise<PayerRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYER_LOCK_KEY}, ${practiceId})`);
    if (editing !== undefined) await findPayer(tx, practiceId, editing);
    const [taken] = await tx
      .select({ id: practiceInsurances.id })
      .from(practiceInsurances)
      .where(
        and(
          eq(practiceInsurances.practiceId, practiceId),
          sql`upper(${practiceInsurances.payerId}) = ${value.payerId}`,
          editing === undefined ? undefined : ne(practiceInsurances.id, editing),
        ),
      )
      .limit(1);
    if (taken) throw new AppError(409, PAYER_MESSAGES.duplicate, 'payerId');
    const [row] =
      editing === undefined
        ? await tx
            .insert(practiceInsurances)
            .values({ ...value, practiceId })
            .returning()
        : await tx
            .update(practiceInsurances)
            .set(value)
            .where(eq(practiceInsurances.id, editing))
            .returning();
    if (!row) throw new Error('payer save returned no row');
    return row;
  });
}

/**
 * The practice's payers (spec-2 §3 Practice insurance): the list (active ones
 * unless includeAll), adding or editing one, and ending one. Payers are never
 * deleted: client policies and claims refer to them, so ending one (an end
 * date) takes it off the lists while the old policies keep their payer.
 */
export const practiceInsuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listPracticeInsurance.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listPracticeInsurance.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const rows = await app.db
        .select()
        .from(practiceInsurances)
        .where(eq(practiceInsurances.practiceId, practiceId))
        .orderBy(asc(practiceInsurances.label), asc(practiceInsurances.id));
      const { today } = await practiceDay(app.db, practiceId, app.now());
      const data = rows
        .map((r) => payerOf(r, today))
        .filter((r) => request.query.includeAll === 'true' || r.active);
      return { data };
    },
  );

  app.post(
    contract.savePracticeInsurance.path,
    {
      config: { access: 'billing', audit: { action: 'practice.payer_saved' } },
      schema: contract.savePracticeInsurance.schema,
    },
    async (request, reply) => {
      const body = request.body;
      const check = validatePayer({ ...body, therapistSpecific: body.therapist_specific });
      if (!check.ok) {
        const [first] = check.errors;
        throw badRequest(first?.message ?? 'The payer is not valid.', first?.field);
      }
      const practiceId = practiceScope(request);
      const editing = body.practice_insurance_id;
      const saved = await storePayer(app.db, practiceId, editing, check.value);
      noteAudit(request, {
        detail: {
          practiceInsuranceId: saved.id,
          change: editing === undefined ? 'added' : 'updated',
          payerId: saved.payerId,
        },
      });
      const { today } = await practiceDay(app.db, practiceId, app.now());
      reply.status(editing === undefined ? 201 : 200);
      return payerOf(saved, today);
    },
  );

  app.post(
    contract.endPracticeInsurance.path,
    {
      config: { access: 'billing', audit: { action: 'practice.payer_ended' } },
      schema: contract.endPracticeInsurance.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { today } = await practiceDay(app.db, practiceId, app.now());
      const endDate =
        request.body.endDate === undefined ? today : parsePayerEndDate(request.body.endDate);
      if (!endDate) throw badRequest('Please enter a valid date, e.g. 01/05/1995.', 'endDate');
      const payer = await findPayer(app.db, practiceId, request.body.practice_insurance_id);
      const [row] = await app.db
        .update(practiceInsurances)
        .set({ endDate })
        .where(eq(practiceInsurances.id, payer.id))
        .returning();
      if (!row) throw notFound(PAYER_MESSAGES.notFound);
      noteAudit(request, {
        detail: { practiceInsuranceId: row.id, payerId: row.payerId, endDate },
      });
      return payerOf(row, today);
    },
  );
};
