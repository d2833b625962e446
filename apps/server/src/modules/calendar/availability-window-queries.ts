import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { idArray, isoOf } from '../../platform/sql.ts';

export type AvailabilityRow = {
  /** The weekly day's id; for extra hours on a date, minus the exception's id. */
  availability_day_id: number;
  /** The span the block comes from (extra hours: the span covering the date, or 0 when none does). */
  availability_span_id: number;
  /** Set for extra hours on a date (a date exception); null for weekly days. */
  availability_exception_id: number | null;
  user_id_therapist: number;
  practice_location_id: number | null;
  practice_location_color: string | null;
  date: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  start_date_time: string;
  end_date_time: string;
  online_scheduling: boolean;
  schedule_every: number;
  in_person_enabled: boolean;
  teletherapy_enabled: boolean;
};

/**
 * Availability blocks on each day of [from, to] (both ISO dates): the weekly
 * days of the span in force that day, except on a therapist's day off, plus
 * extra hours added on a date (date exceptions).
 */
export function availabilityInWindow(
  db: Db,
  input: {
    practiceId: number;
    therapistIds: readonly number[];
    locationIds: readonly number[] | undefined;
    from: string;
    to: string;
  },
): Promise<AvailabilityRow[]> {
  const locationFilter = input.locationIds?.length
    ? sql`and (b.location_id is null or b.location_id = any(${idArray(input.locationIds)}))`
    : sql``;
  const startsAt = sql`((b.day + b.start_time) at time zone p.timezone)`;
  const endsAt = sql`((b.day + b.end_time) at time zone p.timezone)`;
  const therapists = idArray(input.therapistIds);
  return rowsOf<AvailabilityRow>(
    db,
    sql`with blocks as (
          select d.id as day_id, s.id as span_id, null::int as exception_id, s.therapist_id,
            d.location_id, g.day::date as day, d.day_of_week::int as day_of_week,
            d.start_time, d.end_time, d.online_scheduling, d.schedule_every,
            d.in_person_enabled, d.teletherapy_enabled
          from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') as g(day)
          join availability_spans s on s.practice_id = ${input.practiceId}
            and s.therapist_id = any(${therapists})
            and (s.span_from is null or s.span_from <= g.day::date)
            and (s.span_to is null or s.span_to >= g.day::date)
          join availability_days d on d.span_id = s.id and d.day_of_week = extract(dow from g.day)::int
          where not exists (
            select 1 from availability_exceptions off
            where off.practice_id = s.practice_id and off.therapist_id = s.therapist_id
              and off.date = g.day::date and off.kind = 'off')
          union all
          select -x.id, coalesce((
              select s.id from availability_spans s
              where s.practice_id = x.practice_id and s.therapist_id = x.therapist_id
                and (s.span_from is null or s.span_from <= x.date)
                and (s.span_to is null or s.span_to >= x.date)
              order by s.id limit 1), 0),
            x.id, x.therapist_id, x.location_id, x.date, extract(dow from x.date)::int,
            x.start_time, x.end_time, x.online_scheduling, x.schedule_every,
            x.in_person_enabled, x.teletherapy_enabled
          from availability_exceptions x
          where x.practice_id = ${input.practiceId} and x.therapist_id = any(${therapists})
            and x.kind = 'extra' and x.date between ${input.from}::date and ${input.to}::date
        )
        select b.day_id as availability_day_id, b.span_id as availability_span_id,
          b.exception_id as availability_exception_id,
          b.therapist_id as user_id_therapist, b.location_id as practice_location_id,
          l.color as practice_location_color, b.day::text as date, b.day_of_week,
          b.start_time::text as start_time, b.end_time::text as end_time,
          ${isoOf(startsAt)} as start_date_time, ${isoOf(endsAt)} as end_date_time,
          b.online_scheduling, b.schedule_every, b.in_person_enabled, b.teletherapy_enabled
        from blocks b
        join practices p on p.id = ${input.practiceId}
        left join locations l on l.id = b.location_id
        where true ${locationFilter}
        order by b.day, b.start_time, b.therapist_id, b.day_id`,
  );
}
