import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/**
 * Past sessions whose attendance is still not recorded (issue 15 item 2):
 * appointments of the practice (of one therapist, or all) that started on or
 * after `since` (a practice day) and have ended by `now`, not cancelled, not
 * an online booking still waiting for confirmation, with at least one
 * attendee whose attendance is unknown. The range on start_at rides
 * calendar_events_therapist_start_idx (practice, therapist, start).
 */
export type DueWindow = {
  practiceId: number;
  /** One therapist, or null for all of the practice's. */
  therapistId: number | null;
  /** The first practice day listed, YYYY-MM-DD. */
  since: string;
  timezone: string;
  now: Date;
  /**
   * Set when the caller may record attendance only for the clients they treat
   * (a therapist without a practice-wide role): only sessions with such a
   * client still to record are theirs to do.
   */
  treatingUserId: number | null;
};

function dueWhere(w: DueWindow): SQL {
  const therapist = w.therapistId === null ? sql`` : sql`and e.therapist_id = ${w.therapistId}`;
  const treated =
    w.treatingUserId === null
      ? sql``
      : sql`and exists (select 1 from client_therapists ct join therapists tt on tt.id = ct.therapist_id
                        where ct.client_id = u.client_id and tt.user_id = ${w.treatingUserId})`;
  return sql`e.practice_id = ${w.practiceId} ${therapist}
    and e.type = 'appointment' and e.cancelled_at is null and not e.awaiting_confirmation
    and e.start_at >= (${w.since}::date::timestamp at time zone ${w.timezone})
    and e.end_at <= ${w.now.toISOString()}::timestamptz
    and exists (select 1 from calendar_event_attendees u join clients uc on uc.id = u.client_id
                where u.event_id = e.id and u.attended is null and not uc.is_group ${treated})`;
}

/** How many such appointments there are (the list's total and the menu's count). */
export async function countUnrecorded(db: Db, w: DueWindow): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from calendar_events e where ${dueWhere(w)}`,
  );
  return row?.count ?? 0;
}

export type UnrecordedRow = {
  calendarEventId: number;
  start: string;
  end: string;
  therapistId: number;
  therapistName: string;
  clientId: number | null;
  firstName: string | null;
  nickName: string | null;
  lastName: string | null;
  isGroup: boolean;
  unrecordedCount: number;
  attendeeCount: number;
  isTelehealth: boolean;
  serviceCode: string | null;
  /** Every client the row stands for (the group and its members, or the client), for the audit row. */
  clientIds: number[];
};

/** A page of them, the most recent first. */
export function unrecordedPage(
  db: Db,
  w: DueWindow,
  page: { limit: number; offset: number },
): Promise<UnrecordedRow[]> {
  return rowsOf<UnrecordedRow>(
    db,
    sql`select e.id as "calendarEventId",
          ${isoOf(sql`e.start_at`)} as start, ${isoOf(sql`e.end_at`)} as "end",
          e.therapist_id as "therapistId",
          btrim(t.first_name || ' ' || t.last_name) as "therapistName",
          c.id as "clientId", c.first_name as "firstName", c.nick_name as "nickName",
          c.last_name as "lastName", g.id is not null as "isGroup",
          a.unrecorded as "unrecordedCount", a.everyone as "attendeeCount",
          e.is_telehealth as "isTelehealth", pr.cpt_code as "serviceCode",
          case when g.id is null then a.client_ids else a.client_ids || g.id end as "clientIds"
        from calendar_events e
        join therapists t on t.id = e.therapist_id
        join lateral (
          select count(*) filter (where x.attended is null)::int as unrecorded,
                 count(*)::int as everyone,
                 array_agg(x.client_id order by x.id) as client_ids,
                 (array_agg(x.product_id order by x.id))[1] as product_id
          from calendar_event_attendees x join clients xc on xc.id = x.client_id
          where x.event_id = e.id and not xc.is_group
        ) a on true
        -- The group: the event's, or (older rows) a group record among the attendees.
        left join lateral (
          select gc.id from clients gc
          where gc.id = e.group_client_id
             or (e.group_client_id is null and gc.is_group and gc.id in (
                   select y.client_id from calendar_event_attendees y where y.event_id = e.id))
          order by gc.id limit 1
        ) g on true
        left join clients c on c.id = coalesce(g.id, a.client_ids[1])
        left join products pr on pr.id = a.product_id
        where ${dueWhere(w)}
        order by e.start_at desc, e.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}
