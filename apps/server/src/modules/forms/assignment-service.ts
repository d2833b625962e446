import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { idArray } from '../../platform/sql.ts';
import { assignmentRows } from './assignment-queries.ts';

/**
 * Giving forms to a client by hand (issue 18 item 2): now, or to be done before their next
 * appointment. Only the practice's active, published forms can be given; a form the client
 * already has open is not given twice (the database's partial unique index makes sure of it
 * even under a race), and the answer says which.
 */

export const NO_NEXT_APPOINTMENT = 'This client has no upcoming appointment.';

type AssignInput = {
  practiceId: number;
  clientId: number;
  userId: number | null;
  formDefinitionIds: number[];
  when: 'now' | 'nextAppointment';
  now: Date;
  source?: 'manual' | 'schedule';
};

/** The client's next appointment that is not cancelled, or null. */
export async function nextAppointmentOf(db: Db, clientId: number, now: Date) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select e.id from calendar_event_attendees a join calendar_events e on e.id = a.event_id
        where a.client_id = ${clientId} and e.type = 'appointment' and e.cancelled_at is null
          and e.start_at > ${now.toISOString()}::timestamptz
        order by e.start_at, e.id limit 1`,
  );
  return row?.id ?? null;
}

export async function assignForms(db: Db, input: AssignInput) {
  const ids = [...new Set(input.formDefinitionIds)];
  const usable = await rowsOf<{ id: number }>(
    db,
    sql`select id from form_definitions where practice_id = ${input.practiceId} and active
          and current_version is not null and id = any(${idArray(ids)})`,
  );
  const missing = ids.filter((id) => !usable.some((u) => u.id === id));
  if (missing.length)
    throw new AppError(
      400,
      'Choose forms of this practice that are published and active.',
      'formDefinitionIds',
    );
  const dueEventId =
    input.when === 'nextAppointment'
      ? await nextAppointmentOf(db, input.clientId, input.now)
      : null;
  if (input.when === 'nextAppointment' && dueEventId === null) throw conflict(NO_NEXT_APPOINTMENT);
  const now = input.now.toISOString();
  const inserted: number[] = [];
  for (const id of ids) {
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`insert into client_form_assignments (client_id, form_definition_id, status, assigned_at, assigned_by_user_id, source, due_event_id, updated_at)
          values (${input.clientId}, ${id}, 'assigned', ${now}::timestamptz, ${input.userId},
            ${input.source ?? (dueEventId ? 'appointment' : 'manual')}, ${dueEventId}, ${now}::timestamptz)
          on conflict do nothing returning id`,
    );
    if (row) inserted.push(row.id);
  }
  const rows = inserted.length
    ? await assignmentRows(db, input.practiceId, sql`a.id = any(${idArray(inserted)})`)
    : [];
  const given = new Set(rows.map((r) => r.formDefinitionId));
  return { data: rows, alreadyOpen: ids.filter((id) => !given.has(id)) };
}
