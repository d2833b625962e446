import { normaliseNoteText } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clients } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { auditClientRecord } from '../../platform/audit.ts';
import { forbidden } from '../../platform/errors.ts';
import { gateClient } from '../../platform/client-gate.ts';
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
  const readAudit = (request: FastifyRequest, patientId: number, view: string) =>
    auditClientRecord(app.db, request, {
      action: 'client.profile_read',
      patientId,
      detail: { view },
    });

  app.get(
    '/patient/getMemo',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      const { memo } = await loadClientRow(app.db, gate.clientId);
      await readAudit(request, gate.clientId, 'memo');
      return { memo };
    },
  );

  app.post(
    '/patient/saveMemo',
    {
      config: { access: 'practice' },
      schema: {
        body: z.object({ patientId: bodyId, text: z.string().max(MEMO_MAX_LENGTH).nullable() }),
      },
    },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.body.patientId,
        'hasDemographicAccess',
      );
      const memo = normaliseNoteText(request.body.text);
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.memo === memo) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ memo, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await auditClientRecord(app.db, request, {
        action: 'client.memo_changed',
        patientId: gate.clientId,
        detail: { fields: ['memo'], cleared: memo === null },
      });
      return { status: 'saved' as const, memo };
    },
  );

  app.get(
    '/patient/getAlert',
    { config: { access: 'practice' }, schema: { querystring: z.object({ id: queryId }) } },
    async (request) => {
      const gate = await gateClient(app.db, request, request.query.id);
      const { alert } = await loadClientRow(app.db, gate.clientId);
      await readAudit(request, gate.clientId, 'alert');
      return { alert };
    },
  );

  app.post(
    '/patient/saveAlert',
    {
      config: { access: 'practice' },
      schema: {
        body: z.object({ id: bodyId, text: z.string().max(ALERT_MAX_LENGTH).nullable() }),
      },
    },
    async (request) => {
      const gate = await gateClient(app.db, request, request.body.id, 'hasDemographicAccess');
      const alert = normaliseNoteText(request.body.text);
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.alert === alert) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ alert, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await auditClientRecord(app.db, request, {
        action: 'client.alert_changed',
        patientId: gate.clientId,
        detail: { fields: ['alert'], cleared: alert === null },
      });
      return { status: 'saved' as const, alert };
    },
  );

  /** Only the client's own therapist sees or handles the reason for appointment (spec-2 §4). */
  const gateReason = async (request: FastifyRequest, patientId: number) => {
    const gate = await gateClient(app.db, request, patientId);
    if (!maySeeReasonForAppointment(authOf(request).user.authorities, gate)) throw forbidden();
    return gate;
  };

  app.get(
    '/patient/getReasonForAppointment',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateReason(request, request.query.patientId);
      const { reasonForAppointment } = await loadClientRow(app.db, gate.clientId);
      await readAudit(request, gate.clientId, 'reasonForAppointment');
      return { reasonForAppointment };
    },
  );

  app.delete(
    '/patient/deleteReasonForAppointment',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateReason(request, request.query.patientId);
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.reasonForAppointment === null) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ reasonForAppointment: null, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await auditClientRecord(app.db, request, {
        action: 'client.reason_for_appointment_changed',
        patientId: gate.clientId,
        detail: { fields: ['reasonForAppointment'], removed: true },
      });
      return { status: 'saved' as const, reasonForAppointment: null };
    },
  );

  app.post(
    '/patient/saveReasonForAppointmentToMemo',
    { config: { access: 'practice' }, schema: { body: patientBody } },
    async (request) => {
      const gate = await gateReason(request, request.body.patientId);
      const row = await loadClientRow(app.db, gate.clientId);
      const reason = normaliseNoteText(row.reasonForAppointment);
      if (reason === null) return UNCHANGED;
      const memo = appendToMemo(row.memo, reason);
      await app.db
        .update(clients)
        .set({ memo, reasonForAppointment: null, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await auditClientRecord(app.db, request, {
        action: 'client.memo_changed',
        patientId: gate.clientId,
        detail: { fields: ['memo', 'reasonForAppointment'], movedReasonForAppointment: true },
      });
      return { status: 'saved' as const, memo, reasonForAppointment: null };
    },
  );
};
