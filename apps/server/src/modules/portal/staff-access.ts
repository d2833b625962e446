import { REQUIRED_MESSAGE } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../../platform/errors.ts';
import { NO_PORTAL_ACCOUNT, type PortalRow } from './service.ts';

/** Portal calls take patientId in the query (spec-2 §7) or, as the web's other calls do, in the body. */
function patientIdOf(request: {
  query: { patientId?: number | undefined };
  body?: { patientId?: number | undefined } | null | undefined;
}): number {
  const patientId = request.query.patientId ?? request.body?.patientId;
  if (patientId === undefined) throw badRequest(REQUIRED_MESSAGE, 'patientId');
  return patientId;
}

/**
 * A staff call about one client's portal account. Every one declares its
 * client (the platform gates it): reads need the client to be visible,
 * actions need demographic access.
 */
export const staffCall = (action: `client.${string}`, kind?: 'view') => ({
  config: {
    access: 'practice' as const,
    audit: {
      action,
      ...(kind ? { kind } : {}),
      client: {
        resolve: (_db: unknown, request: FastifyRequest) =>
          Promise.resolve([patientIdOf(request as Parameters<typeof patientIdOf>[0])]),
        need: 'hasDemographicAccess' as const,
      },
    },
  },
});

/** Credentials and two-factor settings: never by support staff impersonating a practice user. */
export const staffThemselvesCall = (action: `client.${string}`) => ({
  config: { ...staffCall(action).config, notWhileImpersonating: true },
});

/** The client's portal user, or 409 when no invitation created one yet. */
export function requireAccount(row: PortalRow) {
  if (row.portalUserId === null || row.passwordHash === null || row.username === null)
    throw conflict(NO_PORTAL_ACCOUNT);
  return { userId: row.portalUserId, passwordHash: row.passwordHash, username: row.username };
}
