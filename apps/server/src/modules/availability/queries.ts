import { defaultLocationOf, type AvailabilityExceptionKind } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/** An availability span as spec-2 §3 names its fields, with its therapist. */
export type SpanRow = {
  span_id: number;
  span_from: string | null;
  span_to: string | null;
  therapistId: number;
};

/** An availability day as spec-2 §3 names its fields; times are 'HH:MM'. */
export type DayRow = {
  day_id: number;
  dayOfWeek: number;
  practiceLocationId: number | null;
  startTime: string;
  endTime: string;
  onlineScheduling: boolean;
  scheduleEvery: number;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
  availabilitySpanId: number;
};

export type SpanWithDays = SpanRow & { days: DayRow[] };

/** A day off or extra hours on one date. */
export type ExceptionRow = {
  exception_id: number;
  therapistId: number;
  date: string;
  kind: AvailabilityExceptionKind;
  practiceLocationId: number | null;
  startTime: string | null;
  endTime: string | null;
  onlineScheduling: boolean;
  scheduleEvery: number;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
  note: string | null;
};

/** A therapist whose availability is read or edited, with what the rules need. */
export type AvailabilityTherapist = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  active: boolean;
  defaultProductId: number | null;
  /** The practice's telehealth feature and the therapist's own setting. */
  hasTelehealth: boolean;
};

const spanColumns = sql`s.id as span_id, s.span_from::text as span_from, s.span_to::text as span_to,
  s.therapist_id as "therapistId"`;

const dayColumns = sql`d.id as day_id, d.day_of_week::int as "dayOfWeek",
  d.location_id as "practiceLocationId",
  to_char(d.start_time, 'HH24:MI') as "startTime", to_char(d.end_time, 'HH24:MI') as "endTime",
  d.online_scheduling as "onlineScheduling", d.schedule_every as "scheduleEvery",
  d.in_person_enabled as "inPersonEnabled", d.teletherapy_enabled as "teletherapyEnabled",
  d.span_id as "availabilitySpanId"`;

const exceptionColumns = sql`x.id as exception_id, x.therapist_id as "therapistId",
  x.date::text as date, x.kind, x.location_id as "practiceLocationId",
  to_char(x.start_time, 'HH24:MI') as "startTime", to_char(x.end_time, 'HH24:MI') as "endTime",
  x.online_scheduling as "onlineScheduling", x.schedule_every as "scheduleEvery",
  x.in_person_enabled as "inPersonEnabled", x.teletherapy_enabled as "teletherapyEnabled", x.note`;

export async function availabilityTherapist(
  db: Db,
  practiceId: number,
  therapistId: number,
): Promise<AvailabilityTherapist | undefined> {
  const [row] = await rowsOf<AvailabilityTherapist>(
    db,
    sql`select t.id, t.user_id as "userId", t.first_name as "firstName", t.last_name as "lastName",
          t.active, t.default_product_id as "defaultProductId",
          (t.telehealth_enabled and coalesce((ps.features ->> 'telehealth')::boolean, false)) as "hasTelehealth"
        from therapists t
        left join practice_settings ps on ps.practice_id = t.practice_id
        where t.id = ${therapistId} and t.practice_id = ${practiceId}`,
  );
  return row;
}

/** The therapists a caller may edit: everyone active in the practice, or only their own record. */
export function editableTherapists(
  db: Db,
  practiceId: number,
  only: number | null,
): Promise<{ id: number; firstName: string; lastName: string; active: boolean }[]> {
  return rowsOf(
    db,
    sql`select id, first_name as "firstName", last_name as "lastName", active
        from therapists
        where practice_id = ${practiceId}
          and ${only === null ? sql`active` : sql`id = ${only}`}
        order by lower(last_name), lower(first_name), id`,
  );
}

/** Every span of the therapist, oldest first (an open start first). */
export function spansOf(db: Db, practiceId: number, therapistId: number): Promise<SpanRow[]> {
  return rowsOf<SpanRow>(
    db,
    sql`select ${spanColumns} from availability_spans s
        where s.practice_id = ${practiceId} and s.therapist_id = ${therapistId}
        order by s.span_from nulls first, s.id`,
  );
}

/** How many days each span of the therapist has. */
export async function dayCountsOf(
  db: Db,
  practiceId: number,
  therapistId: number,
): Promise<Map<number, number>> {
  const rows = await rowsOf<{ spanId: number; n: number }>(
    db,
    sql`select s.id as "spanId", count(d.id)::int as n
        from availability_spans s left join availability_days d on d.span_id = s.id
        where s.practice_id = ${practiceId} and s.therapist_id = ${therapistId}
        group by s.id`,
  );
  return new Map(rows.map((r) => [r.spanId, r.n]));
}

export async function spanOfPractice(
  db: Db,
  practiceId: number,
  spanId: number,
): Promise<SpanRow | undefined> {
  const [row] = await rowsOf<SpanRow>(
    db,
    sql`select ${spanColumns} from availability_spans s
        where s.id = ${spanId} and s.practice_id = ${practiceId}`,
  );
  return row;
}

/** The span's days by weekday, then start time. */
export function daysOfSpan(db: Db, spanId: number): Promise<DayRow[]> {
  return rowsOf<DayRow>(
    db,
    sql`select ${dayColumns} from availability_days d
        where d.span_id = ${spanId}
        order by d.day_of_week, d.start_time, d.id`,
  );
}

export async function withDays(db: Db, span: SpanRow): Promise<SpanWithDays> {
  return { ...span, days: await daysOfSpan(db, span.span_id) };
}

/** A day of the practice with its span's therapist. */
export async function dayOfPractice(
  db: Db,
  practiceId: number,
  dayId: number,
): Promise<(DayRow & { therapistId: number }) | undefined> {
  const [row] = await rowsOf<DayRow & { therapistId: number }>(
    db,
    sql`select ${dayColumns}, s.therapist_id as "therapistId"
        from availability_days d join availability_spans s on s.id = d.span_id
        where d.id = ${dayId} and s.practice_id = ${practiceId}`,
  );
  return row;
}

/** The therapist's exceptions from `from` on (every one when null), by date and time. */
export function exceptionsOf(
  db: Db,
  input: { practiceId: number; therapistId: number; from: string | null },
): Promise<ExceptionRow[]> {
  return rowsOf<ExceptionRow>(
    db,
    sql`select ${exceptionColumns} from availability_exceptions x
        where x.practice_id = ${input.practiceId} and x.therapist_id = ${input.therapistId}
          ${input.from === null ? sql`` : sql`and x.date >= ${input.from}::date`}
        order by x.date, x.kind desc, x.start_time nulls first, x.id`,
  );
}

export async function exceptionOfPractice(
  db: Db,
  practiceId: number,
  exceptionId: number,
): Promise<ExceptionRow | undefined> {
  const [row] = await rowsOf<ExceptionRow>(
    db,
    sql`select ${exceptionColumns} from availability_exceptions x
        where x.id = ${exceptionId} and x.practice_id = ${practiceId}`,
  );
  return row;
}

/** Whether the location is one of the practice's active locations. */
export async function isActiveLocation(
  db: Db,
  practiceId: number,
  locationId: number,
): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from locations
          where id = ${locationId} and practice_id = ${practiceId} and active) as ok`,
  );
  return row?.ok ?? false;
}

export type LocationRow = {
  practiceLocationId: number;
  name: string;
  color: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  isDefault: boolean;
};

const locationColumns = sql`l.id as "practiceLocationId", l.name, l.color,
  l.address_line1 as "addressLine1", l.city, l.state, l.zipcode, l.is_default as "isDefault"`;

/**
 * The practice's default location on the day (the domain's rule, spec-2 §9): the active
 * open one marked default, else the active open one named 'main' in any case, else none.
 */
export async function defaultLocation(
  db: Db,
  practiceId: number,
  today: string,
): Promise<LocationRow | undefined> {
  const rows = await rowsOf<LocationRow & { active: boolean; closesOn: string | null }>(
    db,
    sql`select ${locationColumns}, l.active, l.closes_on::text as "closesOn" from locations l
        where l.practice_id = ${practiceId} and l.active`,
  );
  const found = defaultLocationOf(
    rows.map((r) => ({ ...r, id: r.practiceLocationId })),
    today,
  );
  if (!found) return undefined;
  return {
    practiceLocationId: found.practiceLocationId,
    name: found.name,
    color: found.color,
    addressLine1: found.addressLine1,
    city: found.city,
    state: found.state,
    zipcode: found.zipcode,
    isDefault: found.isDefault,
  };
}

/**
 * Locations clients can book with the therapist: those of days with online
 * scheduling in spans that have not ended, and of online extra hours from today.
 */
export function locationsClientsSee(
  db: Db,
  input: { practiceId: number; therapistId: number; today: string },
): Promise<LocationRow[]> {
  return rowsOf<LocationRow>(
    db,
    sql`select ${locationColumns} from locations l
        where l.practice_id = ${input.practiceId} and l.active
          and (exists (
                select 1 from availability_days d join availability_spans s on s.id = d.span_id
                where s.practice_id = ${input.practiceId} and s.therapist_id = ${input.therapistId}
                  and (s.span_to is null or s.span_to >= ${input.today}::date)
                  and d.online_scheduling and d.location_id = l.id)
            or exists (
                select 1 from availability_exceptions x
                where x.practice_id = ${input.practiceId} and x.therapist_id = ${input.therapistId}
                  and x.kind = 'extra' and x.online_scheduling and x.date >= ${input.today}::date
                  and x.location_id = l.id))
        order by l.is_default desc, lower(l.name), l.id`,
  );
}

export type BookableProduct = {
  productId: number;
  cptCode: string;
  description: string;
  durationMinutes: number;
  feeCents: number;
  isTelehealth: boolean;
  isDefault: boolean;
};

/** The practice's active products for one client (no group sessions), by CPT code. */
export function individualProducts(db: Db, practiceId: number): Promise<BookableProduct[]> {
  return rowsOf<BookableProduct>(
    db,
    sql`select id as "productId", cpt_code as "cptCode", description,
          duration_minutes as "durationMinutes", fee_cents as "feeCents",
          is_telehealth as "isTelehealth", is_default as "isDefault"
        from products
        where practice_id = ${practiceId} and active and not is_group
        order by cpt_code, id`,
  );
}

/**
 * What occupies the therapist in [from, to): live appointments, meetings and
 * out-of-office blocks, and busy time of their connected external calendars
 * (the same things that count as conflicts when booking).
 */
export function busyRanges(
  db: Db,
  input: { practiceId: number; therapistId: number; from: string; to: string },
): Promise<{ start: string; end: string }[]> {
  return rowsOf(
    db,
    sql`select ${isoOf(sql`b.s`)} as start, ${isoOf(sql`b.f`)} as "end"
        from (
          select e.start_at as s, e.end_at as f from calendar_events e
          where e.practice_id = ${input.practiceId} and e.therapist_id = ${input.therapistId}
            and e.cancelled_at is null and e.type in ('appointment', 'meeting', 'out_of_office')
            and e.start_at < ${input.to}::timestamptz and e.end_at > ${input.from}::timestamptz
          union all
          select x.start_at, x.end_at from external_calendar_events x
          where x.practice_id = ${input.practiceId} and x.therapist_id = ${input.therapistId}
            and x.start_at < ${input.to}::timestamptz and x.end_at > ${input.from}::timestamptz
        ) b
        order by b.s`,
  );
}
