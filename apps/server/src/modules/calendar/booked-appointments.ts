import { fullName } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/** A live appointment of one therapist, as another area needs it (availability's collision warning). */
export type BookedAppointment = {
  calendarEventId: number;
  start: string;
  end: string;
  therapistId: number;
  /** What the calendar calls it: the group's name, the client's everyday name, else the event's. */
  title: string;
  awaitingConfirmation: boolean;
  /** Every client it stands for (the group and its members, or the client), for an audit row. */
  clientIds: number[];
};

type Row = Omit<BookedAppointment, 'title'> & {
  name: string;
  groupFirst: string | null;
  groupLast: string | null;
  isGroup: boolean;
  firstName: string | null;
  nickName: string | null;
  lastName: string | null;
};

/**
 * The therapist's appointments (not cancelled; online bookings still waiting
 * for an answer included, since they hold the time) starting in [from, to),
 * `to` null for no end, optionally only those on one weekday of the
 * practice's calendar. Only this practice's: the practice id is in every
 * condition. The range rides calendar_events_therapist_start_idx.
 */
export async function therapistAppointments(
  db: Db,
  input: {
    practiceId: number;
    therapistId: number;
    from: string;
    to: string | null;
    weekday?: { dayOfWeek: number; timezone: string };
  },
): Promise<BookedAppointment[]> {
  const to = input.to === null ? sql`` : sql`and e.start_at < ${input.to}::timestamptz`;
  const weekday = input.weekday
    ? sql`and extract(dow from e.start_at at time zone ${input.weekday.timezone}) = ${input.weekday.dayOfWeek}`
    : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`select e.id as "calendarEventId", ${isoOf(sql`e.start_at`)} as start,
          ${isoOf(sql`e.end_at`)} as "end", e.therapist_id as "therapistId", e.name,
          e.awaiting_confirmation as "awaitingConfirmation",
          g.id is not null as "isGroup", g.first_name as "groupFirst", g.last_name as "groupLast",
          c.first_name as "firstName", c.nick_name as "nickName",
          c.last_name as "lastName",
          coalesce(a.client_ids, '{}') || case when g.id is null then '{}'::int[] else array[g.id] end
            as "clientIds"
        from calendar_events e
        left join lateral (
          select array_agg(x.client_id order by x.id) as client_ids
          from calendar_event_attendees x join clients xc on xc.id = x.client_id
          where x.event_id = e.id and not xc.is_group
        ) a on true
        left join lateral (
          select gc.id, gc.first_name, gc.last_name from clients gc
          where gc.id = e.group_client_id
             or (e.group_client_id is null and gc.is_group and gc.id in (
                   select y.client_id from calendar_event_attendees y where y.event_id = e.id))
          order by gc.id limit 1
        ) g on true
        left join clients c on c.id = a.client_ids[1]
        where e.practice_id = ${input.practiceId} and e.therapist_id = ${input.therapistId}
          and e.type = 'appointment' and e.cancelled_at is null
          and e.start_at >= ${input.from}::timestamptz ${to} ${weekday}
        order by e.start_at, e.id`,
  );
  return rows.map(
    ({ name, isGroup, groupFirst, groupLast, firstName, nickName, lastName, ...row }) => {
      const group = isGroup
        ? name.trim() || fullName({ firstName: groupFirst, lastName: groupLast })
        : '';
      return {
        ...row,
        title: group || fullName({ firstName, nickName, lastName }) || name.trim() || 'Appointment',
      };
    },
  );
}
