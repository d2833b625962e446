import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import * as contract from '@openpractice/contracts/clients/profile/referral';
import { UNCHANGED } from '../../../platform/validation.ts';
import { loadClientRow, loadPracticeContact } from './profile-queries.ts';

/**
 * The client's referral source: one of the practice's outside contacts
 * (a doctor, a school, a directory). The picker lists them from
 * GET /practice/contacts (the practice module). The referral fax is in
 * referral-fax-routes.ts.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getReferralSource.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId', need: 'hasDemographicAccess' },
          detail: () => ({ view: 'referralSource' }),
        },
      },
      schema: contract.getReferralSource.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadClientRow(app.db, gate.clientId);
      const referralSource = row.referralContactId
        ? await loadPracticeContact(app.db, gate.practiceId, row.referralContactId)
        : null;
      return { referralSource };
    },
  );

  const referralChange = {
    access: 'practice',
    audit: {
      action: 'client.referral_source_changed',
      client: { body: 'patientId', need: 'hasDemographicAccess' },
    },
  } as const;

  const setReferral = async (request: FastifyRequest, contactId: number | null) => {
    const gate = gateOf(request);
    noteAudit(request, { detail: { fields: ['referralSource'], contactId } });
    const contact =
      contactId === null ? null : await loadPracticeContact(app.db, gate.practiceId, contactId);
    if (contactId !== null && !contact) {
      throw badRequest('That referral source is not one of this practice’s contacts.', 'contactId');
    }
    const row = await loadClientRow(app.db, gate.clientId);
    if (row.referralContactId === contactId) return UNCHANGED;
    await app.db
      .update(clients)
      .set({ referralContactId: contactId, updatedAt: app.now() })
      .where(eq(clients.id, gate.clientId));
    return { status: 'saved' as const, referralSource: contact };
  };

  app.post(
    contract.saveReferralSource.path,
    {
      config: referralChange,
      schema: contract.saveReferralSource.schema,
    },
    async (request) => setReferral(request, request.body.contactId),
  );

  app.post(
    contract.deleteReferralSource.path,
    { config: referralChange, schema: contract.deleteReferralSource.schema },
    async (request) => setReferral(request, null),
  );
};
