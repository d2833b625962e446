import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/** Appointments, meetings and out-of-office blocks occupy a therapist; holidays do not. */
const OCCUPYING_KINDS = sql`('appointment', 'meeting', 'out_of_office')`;

export type SchedulingTherapist = {
  id: number;
  active: boolean;
  firstName: string;
  lastName: string;
  defaultProductId: number | null;
  telehealthEnabled: boolean;
  /** The practice's telehealth feature (practice_settings.features.telehealth). */
  practiceTelehealth: boolean;
};

/** A therapist of the practice with what the scheduling dialog needs, or undefined. */
export async function schedulingTherapist(
  db: Db,
  practiceId: number,
  therapistId: number,
): Promise<SchedulingTherapist | undefined> {
  const [row] = await rowsOf<SchedulingTherapist>(
    db,
    sql`select t.id, t.active, t.first_name as "firstName", t.last_name as "lastName",
          t.default_product_id as "defaultProductId", t.telehealth_enabled as "telehealthEnabled",
          coalesce((ps.features ->> 'telehealth')::boolean, false) as "practiceTelehealth"
        from therapists t
        left join practice_settings ps on ps.practice_id = t.practice_id
        where t.id = ${therapistId} and t.practice_id = ${practiceId}`,
  );
  return row;
}

export type SchedulingClient = {
  id: number;
  firstName: string;
  nickName: string | null;
  lastName: string;
  isGroup: boolean;
};

export async function schedulingClient(
  db: Db,
  practiceId: number,
  clientId: number,
): Promise<SchedulingClient | undefined> {
  const [row] = await rowsOf<SchedulingClient>(
    db,
    sql`select id, first_name as "firstName", nick_name as "nickName", last_name as "lastName",
          is_group as "isGroup"
        from clients where id = ${clientId} and practice_id = ${practiceId}`,
  );
  return row;
}

export type ProductRow = {
  id: number;
  cptCode: string;
  description: string;
  durationMinutes: number;
  isTelehealth: boolean;
  isGroup: boolean;
  isDefault: boolean;
};

/** The practice's active products, by CPT code. */
export function activeProducts(db: Db, practiceId: number): Promise<ProductRow[]> {
  return rowsOf<ProductRow>(
    db,
    sql`select id, cpt_code as "cptCode", description, duration_minutes as "durationMinutes",
          is_telehealth as "isTelehealth", is_group as "isGroup", is_default as "isDefault"
        from products
        where practice_id = ${practiceId} and active
        order by cpt_code, id`,
  );
}

/** The services the therapist offers (issue 16 item 3); [] when the practice has not said. */
export async function offeredProductIds(db: Db, therapistId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select product_id as id from therapist_products where therapist_id = ${therapistId}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Events a client takes part in: as an attendee, or (for a group record) as
 * the group the appointment is for. Each branch uses its own index.
 */
function clientEventFilter(clientId: number, isGroup: boolean): SQL {
  return isGroup
    ? sql`e.group_client_id = ${clientId}`
    : sql`exists (select 1 from calendar_event_attendees a where a.event_id = e.id and a.client_id = ${clientId})`;
}

export type LastAppointment = {
  id: number;
  productId: number | null;
  minutes: number;
  isTelehealth: boolean;
  telehealthPos: string | null;
};

/** The client's most recent live appointment with the therapist that starts before `before`. */
export async function lastAppointmentWith(
  db: Db,
  input: {
    practiceId: number;
    therapistId: number;
    clientId: number;
    isGroup: boolean;
    before: SQL;
  },
): Promise<LastAppointment | undefined> {
  const [row] = await rowsOf<LastAppointment>(
    db,
    sql`select e.id, e.is_telehealth as "isTelehealth", e.telehealth_pos as "telehealthPos",
          (extract(epoch from (e.end_at - e.start_at)) / 60)::int as minutes,
          (select a.product_id from calendar_event_attendees a
            where a.event_id = e.id and a.product_id is not null
              and (a.client_id = ${input.clientId} or e.group_client_id = ${input.clientId})
            order by a.id limit 1) as "productId"
        from calendar_events e
        where e.practice_id = ${input.practiceId} and e.therapist_id = ${input.therapistId}
          and e.type = 'appointment' and e.cancelled_at is null
          and e.start_at < ${input.before}
          and ${clientEventFilter(input.clientId, input.isGroup)}
        order by e.start_at desc, e.id desc
        limit 1`,
  );
  return row;
}

/** True when the therapist is one of the client's active therapists. */
export async function isTherapistForClient(
  db: Db,
  therapistId: number,
  clientId: number,
): Promise<boolean> {
  const [row] = await rowsOf<{ linked: boolean }>(
    db,
    sql`select exists (select 1 from client_therapists
          where client_id = ${clientId} and therapist_id = ${therapistId} and status = 'ACTIVE') as linked`,
  );
  return row?.linked ?? false;
}

export type NextAppointment = {
  calendar_event_id: number;
  start_date_time: string;
  end_date_time: string;
  therapistId: number;
  therapistFirstName: string;
  therapistLastName: string;
};

/** The client's next live appointment that starts after `after`, with any therapist. */
export async function nextAppointmentOf(
  db: Db,
  input: { practiceId: number; clientId: number; isGroup: boolean; after: Date },
): Promise<NextAppointment | undefined> {
  const [row] = await rowsOf<NextAppointment>(
    db,
    sql`select e.id as calendar_event_id,
          ${isoOf(sql`e.start_at`)} as start_date_time, ${isoOf(sql`e.end_at`)} as end_date_time,
          e.therapist_id as "therapistId", t.first_name as "therapistFirstName",
          t.last_name as "therapistLastName"
        from calendar_events e
        join therapists t on t.id = e.therapist_id
        where e.practice_id = ${input.practiceId}
          and e.type = 'appointment' and e.cancelled_at is null
          and e.start_at > ${input.after.toISOString()}::timestamptz
          and ${clientEventFilter(input.clientId, input.isGroup)}
        order by e.start_at, e.id
        limit 1`,
  );
  return row;
}

/**
 * How many things already occupy the therapist in [start, start + minutes):
 * live appointments, meetings and out-of-office blocks (double-booked ones
 * too), plus busy time from the therapist's connected external calendars.
 */
export async function countConflicts(
  db: Db,
  input: {
    practiceId: number;
    therapistId: number;
    start: SQL;
    minutes: number;
    /** An event being moved does not conflict with itself. */
    exceptEventId?: number | undefined;
  },
): Promise<number> {
  const end = sql`(${input.start} + make_interval(mins => ${input.minutes}::int))`;
  const range = sql`tstzrange(${input.start}, ${end})`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select
          (select count(*) from calendar_events e
            where e.practice_id = ${input.practiceId} and e.therapist_id = ${input.therapistId}
              and e.type in ${OCCUPYING_KINDS} and e.cancelled_at is null
              and tstzrange(e.start_at, e.end_at) && ${range}
              ${input.exceptEventId === undefined ? sql`` : sql`and e.id <> ${input.exceptEventId}`})::int
          + (select count(*) from external_calendar_events x
            where x.practice_id = ${input.practiceId} and x.therapist_id = ${input.therapistId}
              and x.start_at < ${end} and x.end_at > ${input.start})::int as n`,
  );
  return row?.n ?? 0;
}

/** An instant (or a day, at midnight in the practice's zone) as an ISO instant in UTC. */
export async function isoInstant(db: Db, value: SQL): Promise<string> {
  const [row] = await rowsOf<{ iso: string }>(db, sql`select ${isoOf(value)} as iso`);
  if (!row) throw new Error('instant conversion failed');
  return row.iso;
}

export type ServiceLocation = { id: number; name: string; color: string; isDefault: boolean };

/** The practice's active locations, the default first. */
export function activeLocations(db: Db, practiceId: number): Promise<ServiceLocation[]> {
  return rowsOf<ServiceLocation>(
    db,
    sql`select id, name, color, is_default as "isDefault"
        from locations
        where practice_id = ${practiceId} and active
        order by is_default desc, name, id`,
  );
}
