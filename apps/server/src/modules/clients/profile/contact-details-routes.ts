import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import {
  deleteDetail,
  saveAddress,
  saveContact,
  saveEmail,
  savePhone,
  type SaveResult,
} from './contact-details-service.ts';
import type { ResponseOf } from '@openpractice/contracts';
import * as contract from '@openpractice/contracts/clients/profile/contact-details';
import { UNCHANGED } from '../../../platform/validation.ts';
import { loadAddresses, loadContacts, loadEmails, loadPhones } from './profile-queries.ts';

type Kind = 'phone' | 'email' | 'address' | 'contact';
type DeleteCall =
  | typeof contract.deletePhone
  | typeof contract.deleteEmail
  | typeof contract.deleteAddress
  | typeof contract.deleteContact;
type DeleteAnswer =
  | ResponseOf<typeof contract.deletePhone>
  | ResponseOf<typeof contract.deleteEmail>
  | ResponseOf<typeof contract.deleteAddress>
  | ResponseOf<typeof contract.deleteContact>;

/** A change of one kind of detail, to the client the body names in `clientField`. */
function change(kind: Kind, clientField: 'patientId' | 'userId' = 'patientId') {
  return {
    access: 'practice',
    audit: {
      action: `client.${kind}_changed`,
      client: { body: clientField, need: 'hasDemographicAccess' },
    },
  } as const;
}

/** Notes what a save did; an unchanged save still leaves its row (the entry was read). */
function saved(
  request: FastifyRequest,
  kind: Kind,
  result: SaveResult,
  existingId: number | undefined,
) {
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
}

/**
 * Phones, emails, addresses and contacts (spec-2 §7). Saves insert when no
 * id is given and update otherwise; each answers the client's whole list so
 * the screen shows the defaults as the server settled them. Addresses keep
 * the spec's `userId` for the client.
 */
export const contactDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.savePhone.path,
    {
      config: change('phone'),
      schema: contract.savePhone.schema,
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
    contract.saveEmail.path,
    {
      config: change('email'),
      schema: contract.saveEmail.schema,
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
    contract.saveAddress.path,
    {
      config: change('address', 'userId'),
      schema: contract.saveAddress.schema,
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
    contract.saveContact.path,
    {
      config: change('contact'),
      schema: contract.saveContact.schema,
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
};

/** Removing a phone, email, address or contact (same access and audit as saving one). */
export const contactDetailDeleteRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Removes one entry; the answer is the client's list of that kind. */
  const deleteRoute = (
    call: DeleteCall,
    kind: Kind,
    idField: 'phoneId' | 'emailId' | 'addressId' | 'contactId',
    clientField: 'patientId' | 'userId',
    answer: (clientId: number) => Promise<DeleteAnswer>,
  ) => {
    app.post(
      call.path,
      { config: change(kind, clientField), schema: call.schema },
      async (request) => {
        const body = request.body as Record<string, number>;
        const id = body[idField] ?? 0;
        const gate = gateOf(request);
        await deleteDetail(app.db, kind, gate.clientId, id);
        noteAudit(request, { detail: { [idField]: id, change: 'deleted' } });
        return answer(gate.clientId);
      },
    );
  };

  deleteRoute(contract.deletePhone, 'phone', 'phoneId', 'patientId', async (id) => ({
    status: 'deleted',
    data: await loadPhones(app.db, id),
  }));
  deleteRoute(contract.deleteEmail, 'email', 'emailId', 'patientId', async (id) => ({
    status: 'deleted',
    data: await loadEmails(app.db, id),
  }));
  deleteRoute(contract.deleteAddress, 'address', 'addressId', 'userId', async (id) => ({
    status: 'deleted',
    data: await loadAddresses(app.db, id),
  }));
  deleteRoute(contract.deleteContact, 'contact', 'contactId', 'patientId', async (id) => ({
    status: 'deleted',
    data: await loadContacts(app.db, id),
  }));
};
