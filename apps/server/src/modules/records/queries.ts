import { addIsoDays, startOfZonedDay, type PrintableRecordType } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { PrintJobClientItems } from '../../db/schema/index.ts';
import { currentPlans, formResponses, pastPlans, type DocumentScope } from './pin-documents.ts';

/**
 * What a print request covers, read when it is asked for: each client's locked notes (with the
 * locked version printed), appointments, signed treatment plans and finished form responses
 * (pin-documents.ts), within the dates and for the therapist chosen.
 * Psychotherapy notes are never read here. Both the counts and the job come from this one
 * reading, so the disclosure's counts are what the PDFs hold.
 */

export type PrintScope = {
  practiceId: number;
  clientIds: readonly number[];
  recordTypes: readonly PrintableRecordType[];
  startDate: string | null;
  endDate: string | null;
  therapistId: number | null;
  timezone: string;
  /** Clients whose clinical records the caller may read: only theirs print measures. */
  clinicalClientIds: ReadonlySet<number>;
};

/** The dates as instants: from the start of the first day to the start of the day after the last. */
function window(scope: PrintScope): { from: string; to: string } | null {
  if (scope.startDate === null || scope.endDate === null) return null;
  const from = startOfZonedDay(scope.startDate, scope.timezone);
  const to = startOfZonedDay(addIsoDays(scope.endDate, 1), scope.timezone);
  return from === null || to === null ? null : { from, to };
}

function within(column: SQL, scope: PrintScope): SQL {
  const range = window(scope);
  if (range === null) return sql``;
  return sql`and ${column} >= ${range.from}::timestamptz and ${column} < ${range.to}::timestamptz`;
}

const byTherapist = (column: SQL, scope: PrintScope) =>
  scope.therapistId === null ? sql`` : sql`and ${column} = ${scope.therapistId}`;

/** Locked notes, oldest session first, each with its latest locked version. */
function lockedNotes(
  db: Db,
  scope: PrintScope,
  clientId: number,
): Promise<{ noteId: number; version: number }[]> {
  return rowsOf(
    db,
    sql`select n.id as "noteId", v.version
        from chart_notes n
        cross join lateral (select max(x.version)::int as version from chart_note_versions x
                            where x.note_id = n.id) v
        where n.client_id = ${clientId} and n.practice_id = ${scope.practiceId}
          and n.status = 'locked' and v.version is not null
          ${byTherapist(sql`n.therapist_id`, scope)} ${within(sql`n.session_at`, scope)}
        order by n.session_at, n.id`,
  );
}

/**
 * Appointments, earliest first: the client's own (as an attendee, group sessions they joined
 * included) and, for a group's record, the group's sessions. Requests still waiting for staff
 * to confirm them are not appointments yet; cancelled ones are printed as cancelled.
 */
function appointments(
  db: Db,
  scope: PrintScope,
  clientId: number,
): Promise<{ eventId: number; attendeeId: number | null }[]> {
  const therapist = byTherapist(sql`e.therapist_id`, scope);
  return rowsOf(
    db,
    sql`select "eventId", "attendeeId" from (
          select e.id as "eventId", a.id as "attendeeId", e.start_at
          from calendar_event_attendees a join calendar_events e on e.id = a.event_id
          where a.client_id = ${clientId} and e.practice_id = ${scope.practiceId}
            and e.type = 'appointment' and not e.awaiting_confirmation
            ${therapist} ${within(sql`e.start_at`, scope)}
          union all
          select e.id, null::int, e.start_at
          from calendar_events e
          where e.group_client_id = ${clientId} and e.practice_id = ${scope.practiceId}
            and e.type = 'appointment' and not e.awaiting_confirmation
            ${therapist} ${within(sql`e.start_at`, scope)}
        ) k order by start_at, "eventId"`,
  );
}

/** The records of each client the request covers, in the order the clients were named. */
export async function pinRecords(db: Db, scope: PrintScope): Promise<PrintJobClientItems[]> {
  const wants = (type: PrintableRecordType) => scope.recordTypes.includes(type);
  const documents: DocumentScope = {
    practiceId: scope.practiceId,
    therapistId: scope.therapistId,
    within: (column) => within(column, scope),
  };
  const items: PrintJobClientItems[] = [];
  for (const clientId of scope.clientIds) {
    items.push({
      clientId,
      notes: wants('patient_chart') ? await lockedNotes(db, scope, clientId) : [],
      appointments: wants('appointments') ? await appointments(db, scope, clientId) : [],
      plans: wants('treatment_plan') ? await currentPlans(db, documents, clientId) : [],
      pastPlans: wants('past_treatment_plans') ? await pastPlans(db, documents, clientId) : [],
      forms: wants('form_response')
        ? await formResponses(db, documents, clientId, scope.clinicalClientIds.has(clientId))
        : [],
    });
  }
  return items;
}

/** How many records of one type an item holds (lists absent on older jobs hold none). */
const COUNTS: Record<PrintableRecordType, (item: PrintJobClientItems) => number> = {
  patient_chart: (item) => item.notes.length,
  treatment_plan: (item) => item.plans?.length ?? 0,
  past_treatment_plans: (item) => item.pastPlans?.length ?? 0,
  appointments: (item) => item.appointments.length,
  form_response: (item) => item.forms?.length ?? 0,
};

/** How many records of each chosen type, over every client. */
export function countsOf(
  items: readonly PrintJobClientItems[],
  recordTypes: readonly PrintableRecordType[],
): { recordType: PrintableRecordType; count: number }[] {
  return recordTypes.map((recordType) => ({
    recordType,
    count: items.reduce((sum, item) => sum + COUNTS[recordType](item), 0),
  }));
}

/**
 * The therapists a print may be limited to: the client's therapists and anyone who wrote a note
 * or a treatment plan or held an appointment with them, by name.
 */
export function printTherapists(
  db: Db,
  practiceId: number,
  clientId: number,
): Promise<{ therapistId: number; name: string }[]> {
  return rowsOf(
    db,
    sql`select t.id as "therapistId", btrim(t.first_name || ' ' || t.last_name) as name
        from therapists t
        where t.practice_id = ${practiceId} and (
          t.id in (select ct.therapist_id from client_therapists ct where ct.client_id = ${clientId})
          or t.id in (select n.therapist_id from chart_notes n where n.client_id = ${clientId})
          or t.id in (select p.therapist_id from treatment_plans p where p.client_id = ${clientId})
          or t.id in (select e.therapist_id from calendar_event_attendees a
                      join calendar_events e on e.id = a.event_id where a.client_id = ${clientId})
          or t.id in (select e.therapist_id from calendar_events e
                      where e.group_client_id = ${clientId}))
        order by t.last_name, t.first_name, t.id`,
  );
}

export type PrintClient = {
  id: number;
  firstName: string;
  nickName: string | null;
  middleName: string | null;
  lastName: string;
  dob: string | null;
  accountNumber: number;
  isGroup: boolean;
};

export async function printClient(
  db: Db,
  practiceId: number,
  clientId: number,
): Promise<PrintClient | undefined> {
  const [row] = await rowsOf<PrintClient>(
    db,
    sql`select id, first_name as "firstName", nick_name as "nickName", middle_name as "middleName",
          last_name as "lastName", to_char(dob, 'YYYY-MM-DD') as dob,
          account_number as "accountNumber", is_group as "isGroup"
        from clients where id = ${clientId} and practice_id = ${practiceId}`,
  );
  return row;
}
