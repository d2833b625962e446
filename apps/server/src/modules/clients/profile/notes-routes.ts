import { normaliseNoteText } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients } from '../../../db/schema/index.ts';
import type { ClientNeed } from '../../../platform/client-gate.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import * as contract from '@openpractice/contracts/clients/profile/notes';
import { UNCHANGED } from '../../../platform/validation.ts';
import { loadClientRow } from './profile-queries.ts';
import { maySeeReasonForAppointment } from './profile-service.ts';

/** How a reason for appointment is added under an existing memo. */
export function appendToMemo(memo: string | null, reason: string): string {
  return memo === null ? reason : `${memo}\n\n${reason}`;
}

/** Reading one note: an audited read of the client's record. */
function read(view: string, client: { query: string }, need?: ClientNeed) {
  return {
    access: 'practice',
    audit: {
      action: 'client.profile_read',
      client: { ...client, ...(need ? { need } : {}) },
      detail: () => ({ view }),
    },
  } as const;
}

/** Changing one note: audited as `action`, the client gated by `need`. */
function change(
  action: `client.${string}`,
  client: { body: string } | { query: string },
  need: ClientNeed,
) {
  return { access: 'practice', audit: { action, client: { ...client, need } } } as const;
}

/** Only the client's own therapist sees or handles the reason for appointment (spec-2 §4). */
const reasonNeed: ClientNeed = {
  allows: (gate, authorities) => maySeeReasonForAppointment(authorities, gate),
  message: 'Permission denied',
};

/**
 * Memo and alert. Blank or whitespace-only text is saved as none (spec-2 §4). The alert keeps the
 * spec's `id` parameter; the memo uses `patientId` like the rest.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getMemo.path,
    {
      config: read('memo', { query: 'patientId' }, 'hasDemographicAccess'),
      schema: contract.getMemo.schema,
    },
    async (request) => {
      const { memo } = await loadClientRow(app.db, gateOf(request).clientId);
      return { memo };
    },
  );

  app.post(
    contract.saveMemo.path,
    {
      config: change('client.memo_changed', { body: 'patientId' }, 'hasDemographicAccess'),
      schema: contract.saveMemo.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const memo = normaliseNoteText(request.body.text);
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.memo === memo) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ memo, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, { detail: { fields: ['memo'], cleared: memo === null } });
      return { status: 'saved' as const, memo };
    },
  );

  app.get(
    contract.getAlert.path,
    {
      config: read('alert', { query: 'id' }),
      schema: contract.getAlert.schema,
    },
    async (request) => {
      const { alert } = await loadClientRow(app.db, gateOf(request).clientId);
      return { alert };
    },
  );

  app.post(
    contract.saveAlert.path,
    {
      config: change('client.alert_changed', { body: 'id' }, 'hasDemographicAccess'),
      schema: contract.saveAlert.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const alert = normaliseNoteText(request.body.text);
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.alert === alert) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ alert, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, { detail: { fields: ['alert'], cleared: alert === null } });
      return { status: 'saved' as const, alert };
    },
  );
};

/** The reason for appointment: read, removed, or moved under the memo. */
export const reasonForAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getReasonForAppointment.path,
    {
      config: read('reasonForAppointment', { query: 'patientId' }, reasonNeed),
      schema: contract.getReasonForAppointment.schema,
    },
    async (request) => {
      const { reasonForAppointment } = await loadClientRow(app.db, gateOf(request).clientId);
      return { reasonForAppointment };
    },
  );

  app.delete(
    contract.deleteReasonForAppointment.path,
    {
      config: change('client.reason_for_appointment_changed', { query: 'patientId' }, reasonNeed),
      schema: contract.deleteReasonForAppointment.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.reasonForAppointment === null) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ reasonForAppointment: null, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, { detail: { fields: ['reasonForAppointment'], removed: true } });
      return { status: 'saved' as const, reasonForAppointment: null };
    },
  );

  app.post(
    contract.saveReasonForAppointmentToMemo.path,
    {
      config: change('client.memo_changed', { body: 'patientId' }, reasonNeed),
      schema: contract.saveReasonForAppointmentToMemo.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadClientRow(app.db, gate.clientId);
      const reason = normaliseNoteText(row.reasonForAppointment);
      if (reason === null) return UNCHANGED;
      const memo = appendToMemo(row.memo, reason);
      await app.db
        .update(clients)
        .set({ memo, reasonForAppointment: null, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, {
        detail: { fields: ['memo', 'reasonForAppointment'], movedReasonForAppointment: true },
      });
      return { status: 'saved' as const, memo, reasonForAppointment: null };
    },
  );
};
