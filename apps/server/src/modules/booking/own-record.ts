import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { therapistsForClient } from './directory-queries.ts';
import { NO_CLIENT_RECORD, THERAPIST_NOT_FOUND } from './messages.ts';

/** What a signed-in client's booking needs of their own record (so the page asks for nothing). */
export type OwnRecord = {
  clientId: number;
  firstName: string;
  lastName: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
};

/**
 * The client record the signed-in portal user is, in the practice they act in, with its
 * default email (else the sign-in email) and phone. 403 when the user is no client here.
 */
export async function ownRecord(db: Db, request: FastifyRequest): Promise<OwnRecord> {
  const practiceId = practiceScope(request);
  const [row] = await rowsOf<OwnRecord>(
    db,
    sql`select c.id as "clientId", c.first_name as "firstName", c.last_name as "lastName", c.dob::text as dob,
          coalesce((select e.email from client_emails e where e.client_id = c.id
                    order by e.is_default desc, e.id limit 1), u.email) as email,
          (select p.number from client_phones p where p.client_id = c.id
            order by p.is_default desc, p.id limit 1) as phone
        from clients c join users u on u.id = c.portal_user_id
        where c.portal_user_id = ${authOf(request).user.id} and c.practice_id = ${practiceId}
          and c.merged_into_id is null
        order by c.id limit 1`,
  );
  if (!row) throw forbidden(NO_CLIENT_RECORD);
  return row;
}

/**
 * One of the therapists this client may book with (their own, or listed ones); 404 for any
 * other id, so a client learns nothing of therapists the directory does not show them.
 */
export async function therapistForClient(
  db: Db,
  input: { practiceId: number; record: OwnRecord; therapistId: number; now: Date },
) {
  const list = await therapistsForClient(db, {
    practiceId: input.practiceId,
    clientId: input.record.clientId,
    now: input.now,
  });
  const found = list.find((t) => t.therapistId === input.therapistId);
  if (!found) throw notFound(THERAPIST_NOT_FOUND);
  return found;
}
