import { defaultLocationOf } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';

/** The practice's locations as the set-up page and its calls answer them. */
export type ManagedLocation = {
  practiceLocationId: number;
  name: string;
  color: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  phone: string | null;
  placeOfServiceCode: string;
  isDefault: boolean;
  isEffectiveDefault: boolean;
  active: boolean;
  closesOn: string | null;
};

type LocationRow = Omit<ManagedLocation, 'isEffectiveDefault'>;

/** The practice's locations by name, each saying whether it is the default today (spec-2 §9). */
export async function practiceLocations(
  db: Db,
  practiceId: number,
  today: string,
): Promise<ManagedLocation[]> {
  const rows = await rowsOf<LocationRow>(
    db,
    sql`select l.id as "practiceLocationId", l.name, l.color, l.address_line1 as "addressLine1",
          l.city, l.state, l.zipcode, l.phone, l.place_of_service_code as "placeOfServiceCode",
          l.is_default as "isDefault", l.active, l.closes_on::text as "closesOn"
        from locations l where l.practice_id = ${practiceId}
        order by lower(l.name), l.id`,
  );
  const effective = defaultLocationOf(
    rows.map((r) => ({ ...r, id: r.practiceLocationId })),
    today,
  );
  return rows.map((r) => ({
    ...r,
    isEffectiveDefault: effective?.practiceLocationId === r.practiceLocationId,
  }));
}

export type ClosingAppointment = {
  calendar_event_id: number;
  start_date_time: string;
  end_date_time: string;
  date: string;
  therapistName: string;
  clientName: string;
  isGroup: boolean;
  clientIds: number[];
};

/** Live appointments at the location from the day's start (practice's zone) on, soonest first. */
export function appointmentsFrom(
  db: Db,
  input: { practiceId: number; locationId: number; day: string; timezone: string },
): Promise<ClosingAppointment[]> {
  return rowsOf<ClosingAppointment>(
    db,
    sql`select e.id as calendar_event_id,
          to_char(e.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start_date_time,
          to_char(e.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end_date_time,
          (e.start_at at time zone ${input.timezone})::date::text as date,
          t.first_name || ' ' || t.last_name as "therapistName",
          coalesce(g.first_name || ' ' || g.last_name,
            (select string_agg(c.first_name || ' ' || c.last_name, ', ' order by c.last_name, c.first_name)
               from calendar_event_attendees a join clients c on c.id = a.client_id
              where a.event_id = e.id), '') as "clientName",
          e.group_client_id is not null as "isGroup",
          array(select a.client_id from calendar_event_attendees a where a.event_id = e.id) ||
            case when e.group_client_id is null then '{}'::int[] else array[e.group_client_id] end
            as "clientIds"
        from calendar_events e
        join therapists t on t.id = e.therapist_id
        left join clients g on g.id = e.group_client_id
        where e.practice_id = ${input.practiceId} and e.location_id = ${input.locationId}
          and e.type = 'appointment' and e.cancelled_at is null
          and e.start_at >= (${input.day}::date::timestamp at time zone ${input.timezone})
        order by e.start_at, e.id
        limit 1000`,
  );
}

export type ClosingAvailability = {
  kind: 'weekly' | 'extra';
  id: number;
  therapistId: number;
  therapistName: string;
  dayOfWeek: number | null;
  date: string | null;
  startTime: string;
  endTime: string;
};

/** Weekly hours whose span reaches the day, and extra hours on or after it, at the location. */
export function availabilityFrom(
  db: Db,
  input: { practiceId: number; locationId: number; day: string },
): Promise<ClosingAvailability[]> {
  return rowsOf<ClosingAvailability>(
    db,
    sql`select * from (
          select 'weekly' as kind, d.id, s.therapist_id as "therapistId",
            t.first_name || ' ' || t.last_name as "therapistName",
            d.day_of_week::int as "dayOfWeek", s.span_to::text as date,
            to_char(d.start_time, 'HH24:MI') as "startTime", to_char(d.end_time, 'HH24:MI') as "endTime"
          from availability_days d
          join availability_spans s on s.id = d.span_id
          join therapists t on t.id = s.therapist_id
          where s.practice_id = ${input.practiceId} and d.location_id = ${input.locationId}
            and (s.span_to is null or s.span_to >= ${input.day}::date)
          union all
          select 'extra', x.id, x.therapist_id, t.first_name || ' ' || t.last_name,
            null, x.date::text, to_char(x.start_time, 'HH24:MI'), to_char(x.end_time, 'HH24:MI')
          from availability_exceptions x
          join therapists t on t.id = x.therapist_id
          where x.practice_id = ${input.practiceId} and x.location_id = ${input.locationId}
            and x.kind = 'extra' and x.date >= ${input.day}::date
        ) a
        order by a."therapistName", a.kind desc, a."dayOfWeek" nulls last, a.date nulls first, a."startTime"`,
  );
}

/** Whether another location of the practice has the name (compared without case or spacing). */
export async function nameTaken(
  db: Db,
  input: { practiceId: number; name: string; exceptId: number | null },
): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from locations where practice_id = ${input.practiceId}
          and lower(btrim(name)) = lower(btrim(${input.name}))
          and (${input.exceptId}::int is null or id <> ${input.exceptId}::int)) as taken`,
  );
  return row?.taken ?? false;
}
