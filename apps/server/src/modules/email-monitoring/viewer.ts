import { clientAccess, hasRole, type PatientAccess } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';

/**
 * Who is looking at the email log, and what of it they may see. Reporting
 * users with practiceWideReporting see the whole practice's email; other
 * reporting users see the email of the clients they treat or supervise.
 * A message's body is shown only to those who may see the client's record
 * details (the PatientAccess flag hasDemographicAccess, the same rule the
 * profile uses); a message to no client, only to practice-wide reporters.
 */
export type EmailViewer = {
  practiceId: number;
  userId: number;
  authorities: readonly string[];
  practiceWide: boolean;
};

export function viewerOf(request: FastifyRequest): EmailViewer {
  const auth = authOf(request);
  return {
    practiceId: practiceScope(request),
    userId: auth.user.id,
    authorities: auth.user.authorities,
    practiceWide: hasRole(auth.user.authorities, 'practiceWideReporting'),
  };
}

/** The clients a user treats or supervises, as SQL yielding client ids (as in client-gate.ts). */
export function ownClientIds(userId: number): SQL {
  return sql`(select ct.client_id from client_therapists ct join therapists t on t.id = ct.therapist_id where t.user_id = ${userId}
    union select ct.client_id from client_therapists ct
      join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id
      join therapists sup on sup.id = s.supervisor_therapist_id where sup.user_id = ${userId})`;
}

/** The caller's access to each of `clientIds` (one query for the page, not one per row). */
export async function accessTo(
  db: Db,
  viewer: EmailViewer,
  clientIds: number[],
): Promise<Map<number, PatientAccess>> {
  const access = new Map<number, PatientAccess>();
  if (clientIds.length === 0) return access;
  const ids = sql`${`{${clientIds.join(',')}}`}::int[]`;
  const rows = await rowsOf<{
    id: number;
    is_therapist: boolean;
    is_supervisor: boolean;
    is_custodian: boolean;
  }>(
    db,
    sql`
      select c.id,
        exists (select 1 from client_therapists ct join therapists t on t.id = ct.therapist_id
                where ct.client_id = c.id and t.user_id = ${viewer.userId}) as is_therapist,
        exists (select 1 from client_therapists ct
                join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id
                join therapists sup on sup.id = s.supervisor_therapist_id
                where ct.client_id = c.id and sup.user_id = ${viewer.userId}) as is_supervisor,
        exists (select 1 from custodian_records cr
                where cr.client_id = c.id and cr.custodian_user_id = ${viewer.userId}) as is_custodian
      from clients c
      where c.practice_id = ${viewer.practiceId} and c.id = any(${ids})`,
  );
  for (const row of rows) {
    access.set(
      row.id,
      clientAccess(viewer.authorities, {
        isTherapist: row.is_therapist,
        isSupervisor: row.is_supervisor,
        isCustodian: row.is_custodian,
      }),
    );
  }
  return access;
}
