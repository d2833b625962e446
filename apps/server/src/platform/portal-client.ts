import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../db/client.ts';
import { authOf, practiceScope } from './access.ts';
import { forbidden } from './errors.ts';

/**
 * The client record a signed-in portal user is, in the practice they act in. The staff client
 * gate does not apply to a client: a portal route names no client, it finds the caller's own
 * record here, so another client's id can never be asked for. A merged-away record is not
 * theirs any more (the kept one is).
 */

export const NO_OWN_CLIENT_RECORD =
  'Your sign-in is not linked to a client record in this practice.';

/** The caller's own client record with the name it is shown under; 403 when there is none. */
export async function ownClientRecord(
  db: Db,
  request: FastifyRequest,
): Promise<{ clientId: number; firstName: string; lastName: string }> {
  const [row] = await rowsOf<{ clientId: number; firstName: string; lastName: string }>(
    db,
    sql`select id as "clientId", first_name as "firstName", last_name as "lastName"
        from clients where portal_user_id = ${authOf(request).user.id}
          and practice_id = ${practiceScope(request)} and merged_into_id is null
        order by id limit 1`,
  );
  if (!row) throw forbidden(NO_OWN_CLIENT_RECORD);
  return row;
}

export async function ownClientId(db: Db, request: FastifyRequest): Promise<number> {
  return (await ownClientRecord(db, request)).clientId;
}
