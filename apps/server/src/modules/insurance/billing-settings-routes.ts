import { autoClaimProblem, usualFeeProblem } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients, clientTherapists } from '../../db/schema/index.ts';
import { auditClientRecord } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ANY_DATE_BOUNDS, cleanText, isoDateField, UNCHANGED } from '../clients/profile-schemas.ts';
import { gateInsurance } from './insurance-gate.ts';
import { loadAutoGenClaims } from './insurance-queries.ts';
import {
  changePrivatePayBody,
  updateAutoGenClaimBody,
  updateUsualFeeBody,
} from './insurance-schemas.ts';

export const NOT_CLIENTS_THERAPIST = 'That therapist does not work with this client.';

/** The caller's day (spec-2 §7 localDate): a real date, required. */
function localDateOf(value: string): string {
  const iso = isoDateField(value, 'localDate', ...ANY_DATE_BOUNDS);
  if (!iso) throw badRequest('This is required.', 'localDate');
  return iso;
}

/**
 * What a client is charged (spec-2 §7: changePrivatePay, updateUsualFee,
 * updateAutoGenClaim). These decide billing, so they need billing access
 * (the list shows them to everyone who may open the tab). Unchanged values
 * answer `unchanged` and write nothing.
 */
export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/patientInsurance/changePrivatePay',
    { config: { access: 'practiceStaff' }, schema: { body: changePrivatePayBody } },
    async (request) => {
      const { patientId, isPrivatePay } = request.body;
      const localDate = localDateOf(request.body.localDate);
      const gate = await gateInsurance(app.db, request, patientId, 'billing');
      const [row] = await app.db
        .update(clients)
        .set({ isPrivatePay, privatePayChangedOn: localDate, updatedAt: app.now() })
        .where(and(eq(clients.id, gate.clientId), eq(clients.isPrivatePay, !isPrivatePay)))
        .returning({ id: clients.id });
      if (!row) return UNCHANGED;
      await auditClientRecord(app.db, request, {
        action: 'client.private_pay_changed',
        patientId: gate.clientId,
        detail: { fields: ['isPrivatePay'] },
      });
      return { status: 'saved' as const, isPrivatePay, privatePayChangedOn: localDate };
    },
  );

  app.post(
    '/patientInsurance/updateUsualFee',
    { config: { access: 'practiceStaff' }, schema: { body: updateUsualFeeBody } },
    async (request) => {
      const { patientId, usualFee } = request.body;
      const problem = usualFeeProblem(usualFee);
      if (problem) throw badRequest(problem, 'usualFee');
      const gate = await gateInsurance(app.db, request, patientId, 'billing');
      const [before] = await app.db
        .select({ usualFeeCents: clients.usualFeeCents })
        .from(clients)
        .where(eq(clients.id, gate.clientId));
      if ((before?.usualFeeCents ?? null) === usualFee) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ usualFeeCents: usualFee, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await auditClientRecord(app.db, request, {
        action: 'client.usual_fee_changed',
        patientId: gate.clientId,
        detail: { fields: ['usualFee'] },
      });
      return { status: 'saved' as const, usualFee };
    },
  );

  app.post(
    '/patientInsurance/updateAutoGenClaim',
    { config: { access: 'practiceStaff' }, schema: { body: updateAutoGenClaimBody } },
    async (request) => {
      const { patientId, therapistId, autogen } = request.body;
      const reason = cleanText(request.body.reason ?? null) ?? null;
      const problem = autoClaimProblem(autogen, reason);
      if (problem) throw badRequest(problem, 'reason');
      const localDate = localDateOf(request.body.localDate);
      const gate = await gateInsurance(app.db, request, patientId, 'billing');
      const where = and(
        eq(clientTherapists.clientId, gate.clientId),
        eq(clientTherapists.therapistId, therapistId),
      );
      const [link] = await app.db
        .select({
          autogen: clientTherapists.autoGenerateClaims,
          reason: clientTherapists.autoClaimReason,
        })
        .from(clientTherapists)
        .where(where);
      if (!link) throw notFound(NOT_CLIENTS_THERAPIST);
      if (link.autogen === autogen && link.reason === reason) return UNCHANGED;
      await app.db
        .update(clientTherapists)
        .set({
          autoGenerateClaims: autogen,
          autoClaimReason: reason,
          autoClaimChangedOn: localDate,
        })
        .where(where);
      await auditClientRecord(app.db, request, {
        action: 'client.auto_claim_changed',
        patientId: gate.clientId,
        detail: {
          therapistId,
          fields: [
            ...(link.autogen === autogen ? [] : ['autogen']),
            ...(link.reason === reason ? [] : ['reason']),
          ],
        },
      });
      return {
        status: 'saved' as const,
        autoGenClaims: await loadAutoGenClaims(app.db, gate.clientId),
      };
    },
  );
};
