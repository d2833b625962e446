import { INACTIVE_STATUS } from '@openpractice/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients, clientTherapists } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import * as contract from '@openpractice/contracts/clients/profile/statuses';
import { UNCHANGED } from '../../../platform/validation.ts';
import { loadTherapistStatuses } from './profile-queries.ts';
import { statusesOf } from './profile-service.ts';

/**
 * A client's status with each of their therapists (CLIENT_STATUSES in the
 * domain package). The spec names only
 * INACTIVE (spec-2 §4); a practice also needs to say a client is waiting for
 * a first appointment or has finished treatment, so the values are:
 *   ACTIVE     in treatment
 *   INACTIVE   not seen any more (the archived value)
 *   WAITLIST   waiting to start
 *   DISCHARGED treatment completed
 * Archive sets every status to INACTIVE; unarchive sets every status to ACTIVE.
 */
export const ACTIVE_STATUS = 'ACTIVE';

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (clientId: number) =>
    statusesOf(await loadTherapistStatuses(app.db, clientId));

  const touch = (clientId: number) =>
    app.db.update(clients).set({ updatedAt: app.now() }).where(eq(clients.id, clientId));

  const statusChange = {
    access: 'practice',
    audit: {
      action: 'client.status_changed',
      client: { body: 'patientId', need: 'hasDemographicAccess' },
    },
  } as const;

  app.get(
    contract.getStatus.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'status' }),
        },
      },
      schema: contract.getStatus.schema,
    },
    async (request) => answer(gateOf(request).clientId),
  );

  app.post(
    contract.updateStatus.path,
    {
      config: statusChange,
      schema: contract.updateStatus.schema,
    },
    async (request) => {
      const { therapistId, status } = request.body;
      const gate = gateOf(request);
      const [current] = await app.db
        .select({ status: clientTherapists.status })
        .from(clientTherapists)
        .where(
          and(
            eq(clientTherapists.clientId, gate.clientId),
            eq(clientTherapists.therapistId, therapistId),
          ),
        );
      if (!current)
        throw badRequest('That therapist is not one of this client’s therapists.', 'therapistId');
      if (current.status === status) return UNCHANGED;
      await app.db
        .update(clientTherapists)
        .set({ status })
        .where(
          and(
            eq(clientTherapists.clientId, gate.clientId),
            eq(clientTherapists.therapistId, therapistId),
          ),
        );
      await touch(gate.clientId);
      noteAudit(request, { detail: { fields: ['status'], therapistId } });
      return { status: 'saved' as const, ...(await answer(gate.clientId)) };
    },
  );

  /** Sets every therapist's status; unchanged when they all had it already. */
  const setAll = (
    call: typeof contract.archive | typeof contract.unarchive,
    status: string,
    action: 'archive' | 'unarchive',
  ) => {
    app.post(call.path, { config: statusChange, schema: call.schema }, async (request) => {
      const gate = gateOf(request);
      const changed = await app.db
        .update(clientTherapists)
        .set({ status })
        .where(
          and(eq(clientTherapists.clientId, gate.clientId), ne(clientTherapists.status, status)),
        )
        .returning({ therapistId: clientTherapists.therapistId });
      if (changed.length === 0) return UNCHANGED;
      await touch(gate.clientId);
      noteAudit(request, {
        detail: { fields: ['status'], action, therapistIds: changed.map((c) => c.therapistId) },
      });
      return { status: 'saved' as const, ...(await answer(gate.clientId)) };
    });
  };

  setAll(contract.archive, INACTIVE_STATUS, 'archive');
  setAll(contract.unarchive, ACTIVE_STATUS, 'unarchive');
};
