import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { idArray, instantSql } from '../../platform/sql.ts';
import { windowWire, type WindowColumns, type WindowEvents } from './window-wire.ts';

export type { WindowEvents } from './window-wire.ts';

/**
 * Milliseconds since the epoch of a timestamp, exact to the millisecond. date_part, not
 * extract: since PostgreSQL 14 extract answers in numeric, several times slower for
 * thousands of rows; a float8 holds today's epoch in microseconds exactly enough to round.
 */
const msOf = (column: SQL) => sql`round(date_part('epoch', ${column}) * 1000)`;

/**
 * The calendar window's events as the JSON text of the contract's answer (spec-1 §3 'Calendar event as
 * received'), with the clients it names: what GET /calendar/getTherapistAppointments
 * serves and caches.
 */
export async function eventsInWindow(db: Db, input: WindowInput): Promise<WindowEvents> {
  return windowWire(await windowColumns(db, input), input.timezone);
}

/** What eventsInWindow reads a window by. */
export type WindowInput = {
  practiceId: number;
  therapistIds: readonly number[];
  locationIds: readonly number[] | undefined;
  /** A day (midnight in `timezone`) or an instant. */
  start: string;
  end: string;
  includeCancelled: boolean;
  /** The practice's zone: the events' day of week and clock times are read on its clocks. */
  timezone: string;
};

/**
 * The window in one query, as one JSON text of plain columns (see WindowColumns). A month of
 * a busy practice is thousands of events, and building JSON is most of what the database
 * does for them: per value, json_build_array works out each argument's type again, while an
 * array_agg column is one typed array (about a third cheaper), and the names of clients,
 * locations and services come once each rather than once per event. The joins, the first
 * attendee of each event, the order and the fields' wire form are the server's work
 * (window-wire.ts), where they cost less than the database's JSON of them would.
 */
export async function windowColumns(db: Db, input: WindowInput): Promise<WindowColumns> {
  const [row] = await rowsOf<{ window: string }>(db, windowQuery(input));
  return JSON.parse(row?.window ?? '[null,null,null,null,null,null,null,null]') as WindowColumns;
}

/** The statement windowColumns runs (the bench explains it). */
export function windowQuery(input: WindowInput): SQL {
  const locationFilter = input.locationIds?.length
    ? sql`and (e.location_id is null or e.location_id = any(${idArray(input.locationIds)}))`
    : sql``;
  const cancelledFilter = input.includeCancelled ? sql`` : sql`and e.cancelled_at is null`;
  return sql`with ev as materialized (
          select e.id, e.type, e.name, e.therapist_id, e.start_at, e.end_at, e.all_day,
            e.is_telehealth, e.awaiting_confirmation, e.location_id, e.telehealth_pos,
            e.cancelled_at, e.cancel_reason, e.series_id, e.group_client_id
          from calendar_events e
          where e.practice_id = ${input.practiceId}
            and e.therapist_id = any(${idArray(input.therapistIds)})
            and e.start_at < ${instantSql(input.end, input.timezone)}
            and e.end_at > ${instantSql(input.start, input.timezone)}
            ${cancelledFilter} ${locationFilter}
        ), att as materialized (
          select ea.event_id, ea.id, ea.client_id, ea.checked_in_at, ea.product_id, ea.attended,
            ea.account_invoice_id
          from calendar_event_attendees ea join ev on ev.id = ea.event_id
        )
        select json_build_array(
          (select json_build_array(array_agg(id), array_agg(type), array_agg(name),
              array_agg(therapist_id), array_agg(${msOf(sql`start_at`)}),
              array_agg(${msOf(sql`end_at`)}),
              array_agg(all_day::int + 2 * is_telehealth::int + 4 * awaiting_confirmation::int),
              array_agg(location_id), array_agg(telehealth_pos),
              array_agg(${msOf(sql`cancelled_at`)}), array_agg(cancel_reason),
              array_agg(series_id), array_agg(group_client_id))
            from ev),
          (select json_build_array(array_agg(event_id), array_agg(id), array_agg(client_id),
              array_agg(${msOf(sql`checked_in_at`)}), array_agg(product_id), array_agg(attended))
            from att),
          (select json_agg(json_build_array(c.id, c.first_name, c.last_name, c.nick_name,
              coalesce(btrim(c.alert) <> '', false), c.is_group, rs.name))
            from clients c left join record_statuses rs on rs.id = c.record_status_id
            where c.id in (select client_id from att
              union all select group_client_id from ev where group_client_id is not null)),
          (select json_agg(json_build_array(l.id, l.color)) from locations l
            where l.id in (select location_id from ev)),
          (select json_agg(json_build_array(p.id, p.cpt_code)) from products p
            where p.id in (select product_id from att)),
          -- Locked billing notes per event: the chart-locked colour and the group chart warning.
          (select json_agg(json_build_array(l.event_id, l.locked)) from (
            select n.event_id, count(*)::int as locked from chart_notes n
            where n.event_id in (select id from ev) and n.status = 'locked'
              and n.kind = 'progress' and n.is_billing_note
            group by n.event_id) l),
          -- Events with a payment applied to a session's charge: the 'payment exists' colour.
          (select json_agg(distinct p.event_id) from (
            select a.event_id from att a
            join ledger_entries l on l.charge_id = a.account_invoice_id and l.kind = 'allocation'
            where a.account_invoice_id is not null
            group by a.event_id, a.account_invoice_id having sum(l.amount_cents) > 0) p),
          -- Claims of each event's attendees: the 'claim created' colour (issue 20 item 9).
          (select json_agg(json_build_array(k.event_id, k.claims)) from (
            select a.event_id, count(distinct s.claim_id)::int as claims from att a
            join claim_sessions s on s.attendee_id = a.id
            group by a.event_id) k)
        )::text as window`;
}
