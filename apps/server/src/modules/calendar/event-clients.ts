import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { forbidden } from '../../platform/errors.ts';
import { allowedTherapists, OWN_CALENDAR_ONLY } from '../../platform/calendar-reach.ts';

/**
 * Locators for the platform's client gate (`config.audit.client.resolve`):
 * an appointment (or one of its attendee rows) stands for the client it was
 * booked for. That is the group for a group appointment (as booking gates the
 * group, not each member), else its attendees. The members a change touches
 * are added to the audit row by the handler.
 *
 * The calendar's own rule comes first, so a therapist-only caller naming a
 * colleague's event hears why (403, own calendar only) rather than a bare
 * client refusal. An event of another practice, or none, locates no client:
 * the handler then answers 404 as before.
 */
type Located = { therapistId: number; groupClientId: number | null; clientIds: number[] };

type IdOf = (request: FastifyRequest) => unknown;

const asId = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

function bookedFor(request: FastifyRequest, row: Located | undefined): number[] {
  if (!row) return [];
  const scope = allowedTherapists(request);
  if (scope.only !== null && row.therapistId !== scope.only) throw forbidden(OWN_CALENDAR_ONLY);
  return row.groupClientId !== null ? [row.groupClientId] : row.clientIds;
}

/** The clients of the event whose id `idOf` reads from the request. */
export function clientsOfEvent(idOf: IdOf) {
  return async (db: Db, request: FastifyRequest): Promise<number[]> => {
    const eventId = asId(idOf(request));
    if (eventId === null) return [];
    const { practiceId } = allowedTherapists(request);
    const [row] = await rowsOf<Located>(
      db,
      sql`select e.therapist_id as "therapistId", e.group_client_id as "groupClientId",
            coalesce((select array_agg(distinct a.client_id) from calendar_event_attendees a
                      where a.event_id = e.id), '{}') as "clientIds"
          from calendar_events e
          where e.id = ${eventId} and e.practice_id = ${practiceId}`,
    );
    return bookedFor(request, row);
  };
}

/** The clients of the event of the attendee row whose id `idOf` reads from the request. */
export function clientsOfAttendee(idOf: IdOf) {
  return async (db: Db, request: FastifyRequest): Promise<number[]> => {
    const attendeeId = asId(idOf(request));
    if (attendeeId === null) return [];
    const { practiceId } = allowedTherapists(request);
    const [row] = await rowsOf<Located>(
      db,
      sql`select e.therapist_id as "therapistId", e.group_client_id as "groupClientId",
            array[x.client_id] as "clientIds"
          from calendar_event_attendees x
          join calendar_events e on e.id = x.event_id
          where x.id = ${attendeeId} and e.practice_id = ${practiceId} and e.type = 'appointment'`,
    );
    return bookedFor(request, row);
  };
}

/** Reads a field of the parsed body, query or params (after the route's schema ran). */
export const bodyField =
  (name: string): IdOf =>
  (request) =>
    (request.body as Record<string, unknown> | undefined)?.[name];
export const queryField =
  (name: string): IdOf =>
  (request) =>
    (request.query as Record<string, unknown> | undefined)?.[name];
export const paramsField =
  (name: string): IdOf =>
  (request) =>
    (request.params as Record<string, unknown> | undefined)?.[name];

/** The distinct clients of changed occurrences: each attendee and the group. */
export function clientsOfOccurrences(
  rows: readonly { clientIds: readonly number[]; groupClientId: number | null }[],
): number[] {
  const clients = new Set<number>();
  for (const row of rows) {
    for (const id of row.clientIds) clients.add(id);
    if (row.groupClientId !== null) clients.add(row.groupClientId);
  }
  return [...clients];
}
