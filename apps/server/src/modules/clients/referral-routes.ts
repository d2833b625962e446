import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clients } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { auditClientRecord } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { gateClient } from '../../platform/client-gate.ts';
import { bodyId, patientBody, patientQuery, UNCHANGED } from './profile-schemas.ts';
import { listPracticeContacts, loadClientRow, loadPracticeContact } from './profile-queries.ts';

/**
 * The client's referral source: one of the practice's outside contacts
 * (a doctor, a school, a directory). The picker lists them from
 * GET /practice/contacts. The referral fax is in referral-fax-routes.ts.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/practice/contacts', { config: { access: 'practiceStaff' } }, async (request) => ({
    data: await listPracticeContacts(app.db, practiceScope(request)),
  }));

  app.get(
    '/patientReferralSource/get',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      const row = await loadClientRow(app.db, gate.clientId);
      const referralSource = row.referralContactId
        ? await loadPracticeContact(app.db, gate.practiceId, row.referralContactId)
        : null;
      await auditClientRecord(app.db, request, {
        action: 'client.profile_read',
        patientId: gate.clientId,
        detail: { view: 'referralSource' },
      });
      return { referralSource };
    },
  );

  const setReferral = async (
    request: FastifyRequest,
    patientId: number,
    contactId: number | null,
  ) => {
    const gate = await gateClient(app.db, request, patientId, 'hasDemographicAccess');
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
    await auditClientRecord(app.db, request, {
      action: 'client.referral_source_changed',
      patientId: gate.clientId,
      detail: { fields: ['referralSource'], contactId },
    });
    return { status: 'saved' as const, referralSource: contact };
  };

  app.post(
    '/patientReferralSource/save',
    {
      config: { access: 'practice' },
      schema: { body: z.object({ patientId: bodyId, contactId: bodyId }) },
    },
    async (request) => setReferral(request, request.body.patientId, request.body.contactId),
  );

  app.post(
    '/patientReferralSource/delete',
    { config: { access: 'practice' }, schema: { body: patientBody } },
    async (request) => setReferral(request, request.body.patientId, null),
  );
};
