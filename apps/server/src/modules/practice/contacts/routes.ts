import * as contract from '@openpractice/contracts/practice/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { listPracticeContacts, loadContactDetail } from './queries.ts';
import { createContact, updateContact } from './service.ts';

/**
 * The practice's outside contacts (spec-1 §2 /practice/contacts). Every
 * practice staff member reads them (the client profile's referral source
 * picks from them); staff who keep client records (owners, managers,
 * billers, schedulers: allDemographics) add and change them. Contacts are
 * never deleted, only made inactive: clients and sent faxes point at them.
 */
export const practiceContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listPracticeContacts.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listPracticeContacts.schema,
    },
    async (request) => ({
      data: await listPracticeContacts(app.db, practiceScope(request), request.query.state),
    }),
  );

  app.get(
    contract.getPracticeContact.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.getPracticeContact.schema,
    },
    async (request) => {
      const contact = await loadContactDetail(
        app.db,
        practiceScope(request),
        request.params.contactId,
      );
      if (!contact) throw notFound('That contact was not found.');
      return { data: contact };
    },
  );

  app.post(
    contract.createPracticeContact.path,
    {
      config: { access: 'allDemographics', audit: { action: 'practice.contact_added' } },
      schema: contract.createPracticeContact.schema,
    },
    async (request) => {
      const contact = await createContact(app.db, practiceScope(request), request.body, app.now());
      noteAudit(request, { detail: { contactId: contact.contactId, kind: contact.kind } });
      return { data: contact };
    },
  );

  app.put(
    contract.updatePracticeContact.path,
    {
      config: { access: 'allDemographics', audit: { action: 'practice.contact_changed' } },
      schema: contract.updatePracticeContact.schema,
    },
    async (request) => {
      const { contact, changed } = await updateContact(
        app.db,
        practiceScope(request),
        request.params.contactId,
        request.body,
        app.now(),
      );
      // Names of the fields that changed, never their values.
      noteAudit(request, { detail: { contactId: contact.contactId, fields: changed } });
      return { data: contact };
    },
  );
};
