import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import {
  deleteDetail,
  saveAddress,
  saveContact,
  saveEmail,
  savePhone,
  type SaveResult,
} from './contact-details-service.ts';
import { bodyId, optionalText, requiredText, UNCHANGED } from './profile-schemas.ts';
import { loadAddresses, loadContacts, loadEmails, loadPhones } from './profile-queries.ts';

type Kind = 'phone' | 'email' | 'address' | 'contact';

/**
 * Phones, emails, addresses and contacts (spec-2 §7). Saves insert when no
 * id is given and update otherwise; each answers the client's whole list so
 * the screen shows the defaults as the server settled them. Addresses keep
 * the spec's `userId` for the client.
 */
export const contactDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A change of one kind of detail, to the client the body names in `clientField`. */
  const change = (kind: Kind, clientField: 'patientId' | 'userId' = 'patientId') =>
    ({
      access: 'practice',
      audit: {
        action: `client.${kind}_changed`,
        client: { body: clientField, need: 'hasDemographicAccess' },
      },
    }) as const;

  /** Notes what a save did; an unchanged save still leaves its row (the entry was read). */
  const saved = (
    request: FastifyRequest,
    kind: Kind,
    result: SaveResult,
    existingId: number | undefined,
  ) => {
    if (result.status === 'unchanged') {
      noteAudit(request, { detail: { [`${kind}Id`]: existingId, change: 'none', fields: [] } });
      return null;
    }
    noteAudit(request, {
      detail: {
        [`${kind}Id`]: result.id,
        change: existingId === undefined ? 'added' : 'updated',
        fields: result.fields,
      },
    });
    return result.id;
  };

  app.post(
    '/patient/savePhone',
    {
      config: change('phone'),
      schema: {
        body: z.object({
          patientId: bodyId,
          phoneId: bodyId.optional(),
          contact: requiredText(30),
          label: optionalText(30),
          isDefault: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const input = request.body;
      const gate = gateOf(request);
      const result = await savePhone(app.db, gate.clientId, input);
      const id = saved(request, 'phone', result, input.phoneId);
      if (id === null) return UNCHANGED;
      return {
        status: 'saved' as const,
        phoneId: id,
        phones: await loadPhones(app.db, gate.clientId),
      };
    },
  );

  app.post(
    '/patient/saveEmail',
    {
      config: change('email'),
      schema: {
        body: z.object({
          patientId: bodyId,
          emailId: bodyId.optional(),
          contact: requiredText(254),
          isDefault: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const input = request.body;
      const gate = gateOf(request);
      const result = await saveEmail(app.db, gate.clientId, input);
      const id = saved(request, 'email', result, input.emailId);
      if (id === null) return UNCHANGED;
      return {
        status: 'saved' as const,
        emailId: id,
        emails: await loadEmails(app.db, gate.clientId),
      };
    },
  );

  app.post(
    '/patient/saveAddress',
    {
      config: change('address', 'userId'),
      schema: {
        body: z.object({
          userId: bodyId,
          addressId: bodyId.optional(),
          addressLine1: requiredText(100),
          addressLine2: optionalText(100),
          city: requiredText(60),
          state: requiredText(20),
          zipcode: requiredText(10),
          isDefault: z.boolean().optional(),
          isMailing: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const input = request.body;
      const gate = gateOf(request);
      const result = await saveAddress(app.db, gate.clientId, input);
      const id = saved(request, 'address', result, input.addressId);
      if (id === null) return UNCHANGED;
      return {
        status: 'saved' as const,
        addressId: id,
        addresses: await loadAddresses(app.db, gate.clientId),
      };
    },
  );

  app.post(
    '/patient/saveContact',
    {
      config: change('contact'),
      schema: {
        body: z.object({
          patientId: bodyId,
          contactId: bodyId.optional(),
          firstName: requiredText(50),
          lastName: requiredText(50),
          relationship: optionalText(50),
          phone: optionalText(30),
          email: optionalText(254),
          isEmergencyContact: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const input = request.body;
      const gate = gateOf(request);
      const result = await saveContact(app.db, gate.clientId, input);
      const id = saved(request, 'contact', result, input.contactId);
      if (id === null) return UNCHANGED;
      return {
        status: 'saved' as const,
        contactId: id,
        contacts: await loadContacts(app.db, gate.clientId),
      };
    },
  );

  const deleteRoute = (
    path: string,
    kind: Kind,
    idField: 'phoneId' | 'emailId' | 'addressId' | 'contactId',
    clientField: 'patientId' | 'userId',
    list: (clientId: number) => Promise<unknown>,
  ) => {
    app.post(
      path,
      {
        config: change(kind, clientField),
        schema: { body: z.object({ [idField]: bodyId, [clientField]: bodyId }) },
      },
      async (request) => {
        const body = request.body as Record<string, number>;
        const id = body[idField] ?? 0;
        const gate = gateOf(request);
        await deleteDetail(app.db, kind, gate.clientId, id);
        noteAudit(request, { detail: { [idField]: id, change: 'deleted' } });
        return { status: 'deleted' as const, data: await list(gate.clientId) };
      },
    );
  };

  deleteRoute('/patient/deletePhone', 'phone', 'phoneId', 'patientId', (id) =>
    loadPhones(app.db, id),
  );
  deleteRoute('/patient/deleteEmail', 'email', 'emailId', 'patientId', (id) =>
    loadEmails(app.db, id),
  );
  deleteRoute('/patient/deleteAddress', 'address', 'addressId', 'userId', (id) =>
    loadAddresses(app.db, id),
  );
  deleteRoute('/patient/deleteContact', 'contact', 'contactId', 'patientId', (id) =>
    loadContacts(app.db, id),
  );
};
