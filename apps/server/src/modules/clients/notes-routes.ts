import { normaliseNoteText } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clients } from '../../db/schema/index.ts';
import type { ClientNeed } from '../../platform/client-gate.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { bodyId, patientBody, patientQuery, queryId, UNCHANGED } from './profile-schemas.ts';
import { loadClientRow } from './profile-queries.ts';
import { maySeeReasonForAppointment } from './profile-service.ts';

export const MEMO_MAX_LENGTH = 20_000;
export const ALERT_MAX_LENGTH = 2_000;

/** How a reason for appointment is added under an existing memo. */
export function appendToMemo(memo: string | null, reason: string): string {
  return memo === null ? reason : `${memo}\n\n${reason}`;
}

/**
 * Memo, alert and the reason for appointment. Memo and alert: blank or
 * whitespace-only text is saved as none (spec-2 §4). The alert keeps the
 * spec's `id` parameter; the memo uses `patientId` like the rest.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = (view: string, client: { query: string }, need?: ClientNeed) =>
    ({
      access: 'practice',
      audit: {
        action: 'client.profile_read',
        client: { ...client, ...(need ? { need } : {}) },
        detail: () => ({ view }),
      },
    }) as const;
  const change = (
    action: `client.${string}`,
    client: { body: string } | { query: string },
    need: ClientNeed,
  ) => ({ access: 'practice', audit: { action, client: { ...client, need } } }) as const;

  /** Only the client's own therapist sees or handles the reason for appointment (spec-2 §4). */
  const reasonNeed: ClientNeed = {
    allows: (gate, authorities) => maySeeReasonForAppointment(authorities, gate),
    message: 'Permission denied',
  };

  app.get(
    '/patient/getMemo',
    {
      config: read('memo', { query: 'patientId' }, 'hasDemographicAccess'),
      schema: { querystring: patientQuery },
    },
    async (request) => {
      const { memo } = await loadClientRow(app.db, gateOf(request).clientId);
      return { memo };
    },
  );

  app.post(
    '/patient/saveMemo',
    {
      config: change('client.memo_changed', { body: 'patientId' }, 'hasDemographicAccess'),
      schema: {
        body: z.object({ patientId: bodyId, text: z.string().max(MEMO_MAX_LENGTH).nullable() }),
      },
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
    '/patient/getAlert',
    {
      config: read('alert', { query: 'id' }),
      schema: { querystring: z.object({ id: queryId }) },
    },
    async (request) => {
      const { alert } = await loadClientRow(app.db, gateOf(request).clientId);
      return { alert };
    },
  );

  app.post(
    '/patient/saveAlert',
    {
      config: change('client.alert_changed', { body: 'id' }, 'hasDemographicAccess'),
      schema: {
        body: z.object({ id: bodyId, text: z.string().max(ALERT_MAX_LENGTH).nullable() }),
      },
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

  app.get(
    '/patient/getReasonForAppointment',
    {
      config: read('reasonForAppointment', { query: 'patientId' }, reasonNeed),
      schema: { querystring: patientQuery },
    },
    async (request) => {
      const { reasonForAppointment } = await loadClientRow(app.db, gateOf(request).clientId);
      return { reasonForAppointment };
    },
  );

  app.delete(
    '/patient/deleteReasonForAppointment',
    {
      config: change('client.reason_for_appointment_changed', { query: 'patientId' }, reasonNeed),
      schema: { querystring: patientQuery },
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
    '/patient/saveReasonForAppointmentToMemo',
    {
      config: change('client.memo_changed', { body: 'patientId' }, reasonNeed),
      schema: { body: patientBody },
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
