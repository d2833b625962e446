import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../../platform/audit.ts';

/**
 * Writes the audit row of an availability change. Shared by the editor's route files so every
 * change is recorded the same way, with what it touched (therapist, span, day) as detail.
 */
export function availabilityAudit(app: FastifyInstance) {
  return (
    request: FastifyRequest,
    action: `availability.${string}`,
    detail: Record<string, unknown>,
  ) => recordAudit(app.db, { ...auditContext(request), action, detail }, app.now());
}
