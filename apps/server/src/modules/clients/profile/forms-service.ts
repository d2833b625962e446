import { OPEN_ASSIGNMENT_STATES } from '@openpractice/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import { clientFormAssignments, formDefinitions } from '../../../db/schema/index.ts';

/**
 * Forms given to clients (spec-2 §7 Patient autoAssignForms, Registration
 * listPendingForms). A form definition marked auto-assign (and active) goes
 * to every new client, in the transaction that creates the client, and to an
 * existing client on request. A client is given an automatic form once: a
 * form they have (open, completed or signed) is not given again. These legacy
 * calls say 'pending' for the forms area's open states (assigned, in progress)
 * and 'completed' for the others (modules/forms has the five states).
 */

/** A database or a transaction: auto-assignment also runs inside client creation. */
type Executor = Pick<Db, 'execute' | 'select'>;

export type ClientForm = {
  /** The assignment's id. */
  id: number;
  formDefinitionId: number;
  name: string;
  status: 'pending' | 'completed';
  /** ISO instant. */
  assignedAt: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

async function formsByAssignment(db: Executor, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      id: clientFormAssignments.id,
      formDefinitionId: clientFormAssignments.formDefinitionId,
      name: formDefinitions.name,
      status: clientFormAssignments.status,
      assignedAt: clientFormAssignments.assignedAt,
    })
    .from(clientFormAssignments)
    .innerJoin(formDefinitions, eq(formDefinitions.id, clientFormAssignments.formDefinitionId))
    .where(where)
    .orderBy(asc(clientFormAssignments.assignedAt), asc(clientFormAssignments.id));
  return rows.map((r): ClientForm => ({
    ...r,
    status: OPEN_ASSIGNMENT_STATES.includes(r.status) ? 'pending' : 'completed',
    assignedAt: iso(r.assignedAt),
  }));
}

/**
 * Gives the client every active auto-assign form of their practice that they
 * do not have yet; answers the forms given now (none when all were there).
 */
export async function autoAssignForms(
  db: Executor,
  input: { practiceId: number; clientId: number; userId: number | null; now: Date },
): Promise<ClientForm[]> {
  const inserted = await rowsOf<{ id: number }>(
    db as Db,
    sql`insert into client_form_assignments (client_id, form_definition_id, status, assigned_at, assigned_by_user_id, source, updated_at)
        select ${input.clientId}, fd.id, 'assigned', ${input.now.toISOString()}::timestamptz, ${input.userId}::int, 'auto', ${input.now.toISOString()}::timestamptz
          from form_definitions fd
         where fd.practice_id = ${input.practiceId} and fd.active and fd.auto_assign
           and fd.current_version is not null
           and not exists (select 1 from client_form_assignments x
                            where x.client_id = ${input.clientId} and x.form_definition_id = fd.id)
         order by fd.id
        on conflict do nothing
        returning id`,
  );
  if (inserted.length === 0) return [];
  return formsByAssignment(
    db,
    and(
      eq(clientFormAssignments.clientId, input.clientId),
      inArray(
        clientFormAssignments.id,
        inserted.map((r) => r.id),
      ),
    ),
  );
}

/** The client's forms still to be completed, oldest first. */
export function listPendingForms(db: Executor, clientId: number): Promise<ClientForm[]> {
  return formsByAssignment(
    db,
    and(
      eq(clientFormAssignments.clientId, clientId),
      inArray(clientFormAssignments.status, [...OPEN_ASSIGNMENT_STATES]),
    ),
  );
}
