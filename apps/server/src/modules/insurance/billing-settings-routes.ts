import * as contract from '@openpractice/contracts/insurance/billing';
import { autoClaimProblem, usualFeeProblem } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients, clientTherapists } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ANY_DATE_BOUNDS, cleanText, isoDateField, UNCHANGED } from '../../platform/validation.ts';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import { insuranceNeed } from './insurance-gate.ts';
import { loadAutoGenClaims } from './insurance-queries.ts';

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
/** A billing-setting change: the named client, with billing access; one audit row. */
const billingChange = (action: `client.${string}`) =>
  ({
    access: 'practiceStaff',
    audit: { action, client: { body: 'patientId', need: insuranceNeed('billing') } },
  }) as const satisfies { access: 'practiceStaff'; audit: ClientDataRoute };

export const billingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.changePrivatePay.path,
    {
      config: billingChange('client.private_pay_changed'),
      schema: contract.changePrivatePay.schema,
    },
    async (request) => {
      const { isPrivatePay } = request.body;
      const localDate = localDateOf(request.body.localDate);
      const gate = gateOf(request);
      const [row] = await app.db
        .update(clients)
        .set({ isPrivatePay, privatePayChangedOn: localDate, updatedAt: app.now() })
        .where(and(eq(clients.id, gate.clientId), eq(clients.isPrivatePay, !isPrivatePay)))
        .returning({ id: clients.id });
      if (!row) return UNCHANGED;
      noteAudit(request, { detail: { fields: ['isPrivatePay'] } });
      return { status: 'saved' as const, isPrivatePay, privatePayChangedOn: localDate };
    },
  );

  app.post(
    contract.updateUsualFee.path,
    { config: billingChange('client.usual_fee_changed'), schema: contract.updateUsualFee.schema },
    async (request) => {
      const { usualFee } = request.body;
      const problem = usualFeeProblem(usualFee);
      if (problem) throw badRequest(problem, 'usualFee');
      const gate = gateOf(request);
      const [before] = await app.db
        .select({ usualFeeCents: clients.usualFeeCents })
        .from(clients)
        .where(eq(clients.id, gate.clientId));
      if ((before?.usualFeeCents ?? null) === usualFee) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ usualFeeCents: usualFee, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, { detail: { fields: ['usualFee'] } });
      return { status: 'saved' as const, usualFee };
    },
  );

  app.post(
    contract.updateAutoGenClaim.path,
    {
      config: billingChange('client.auto_claim_changed'),
      schema: contract.updateAutoGenClaim.schema,
    },
    async (request) => {
      const { therapistId, autogen } = request.body;
      const reason = cleanText(request.body.reason ?? null) ?? null;
      const problem = autoClaimProblem(autogen, reason);
      if (problem) throw badRequest(problem, 'reason');
      const localDate = localDateOf(request.body.localDate);
      const gate = gateOf(request);
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
      noteAudit(request, {
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
