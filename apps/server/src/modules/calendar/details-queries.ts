import type { NoteStatus } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/** One calendar event of the practice with everything its details dialog shows. */
export type EventDetailRow = {
  id: number;
  kind: 'appointment' | 'meeting' | 'out_of_office' | 'holiday';
  name: string;
  therapistId: number;
  therapistName: string;
  therapistTelehealth: boolean;
  startAt: string;
  endAt: string;
  allDay: boolean;
  locationId: number | null;
  locationName: string | null;
  isTelehealth: boolean;
  telehealthPos: string | null;
  seriesId: number | null;
  groupClientId: number | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  cancelledByName: string | null;
  timezone: string;
};

export async function eventDetailOfPractice(
  db: Db,
  practiceId: number,
  eventId: number,
): Promise<EventDetailRow | undefined> {
  const [row] = await rowsOf<EventDetailRow>(
    db,
    sql`select e.id, e.type as kind, e.name, e.therapist_id as "therapistId",
          btrim(t.first_name || ' ' || t.last_name) as "therapistName",
          t.telehealth_enabled as "therapistTelehealth",
          ${isoOf(sql`e.start_at`)} as "startAt", ${isoOf(sql`e.end_at`)} as "endAt",
          e.all_day as "allDay", e.location_id as "locationId", l.name as "locationName",
          e.is_telehealth as "isTelehealth", e.telehealth_pos as "telehealthPos",
          e.series_id as "seriesId", e.group_client_id as "groupClientId",
          case when e.cancelled_at is null then null else ${isoOf(sql`e.cancelled_at`)} end as "cancelledAt",
          e.cancel_reason as "cancelReason",
          case when cu.id is null then null else btrim(cu.first_name || ' ' || cu.last_name) end as "cancelledByName",
          p.timezone
        from calendar_events e
        join practices p on p.id = e.practice_id
        join therapists t on t.id = e.therapist_id
        left join locations l on l.id = e.location_id
        left join users cu on cu.id = e.cancelled_by_user_id
        where e.id = ${eventId} and e.practice_id = ${practiceId}`,
  );
  return row;
}

export type AttendeeRow = {
  id: number;
  eventId: number;
  clientId: number;
  firstName: string;
  nickName: string | null;
  lastName: string;
  isGroup: boolean;
  attended: boolean | null;
  noShow: boolean;
  productId: number | null;
  productName: string | null;
  productSku: string | null;
  accountInvoiceId: number | null;
  checkedInAt: string | null;
  /** The attendee's billing note (charting), when one was started. */
  chartId: number | null;
  chartStatus: NoteStatus | null;
};

const attendeeColumns = sql`a.id, a.event_id as "eventId", a.client_id as "clientId",
  c.first_name as "firstName", c.nick_name as "nickName", c.last_name as "lastName",
  c.is_group as "isGroup", a.attended, a.no_show as "noShow", a.product_id as "productId",
  pr.description as "productName", pr.cpt_code as "productSku",
  a.account_invoice_id as "accountInvoiceId",
  case when a.checked_in_at is null then null else ${isoOf(sql`a.checked_in_at`)} end as "checkedInAt",
  n.id as "chartId", n.status as "chartStatus"`;

/** The attendee's billing note (one per client per session: chart_notes_billing_note_idx). */
const chartJoin = sql`left join chart_notes n on n.event_id = a.event_id and n.client_id = a.client_id
  and n.kind = 'progress' and n.is_billing_note`;

/** The attendee rows of an event, in the order they were added. */
export function attendeesOfEvent(db: Db, eventId: number): Promise<AttendeeRow[]> {
  return rowsOf<AttendeeRow>(
    db,
    sql`select ${attendeeColumns}
        from calendar_event_attendees a
        join clients c on c.id = a.client_id
        left join products pr on pr.id = a.product_id
        ${chartJoin}
        where a.event_id = ${eventId}
        order by a.id`,
  );
}

/** One attendee row, only when its event belongs to the practice. */
export async function attendeeOfPractice(
  db: Db,
  practiceId: number,
  attendeeId: number,
): Promise<AttendeeRow | undefined> {
  const [row] = await rowsOf<AttendeeRow>(
    db,
    sql`select ${attendeeColumns}
        from calendar_event_attendees a
        join calendar_events e on e.id = a.event_id
        join clients c on c.id = a.client_id
        left join products pr on pr.id = a.product_id
        ${chartJoin}
        where a.id = ${attendeeId} and e.practice_id = ${practiceId}`,
  );
  return row;
}

export type ClientNameRow = {
  id: number;
  firstName: string;
  nickName: string | null;
  lastName: string;
  isGroup: boolean;
};

export async function clientOfPractice(
  db: Db,
  practiceId: number,
  clientId: number,
): Promise<ClientNameRow | undefined> {
  const [row] = await rowsOf<ClientNameRow>(
    db,
    sql`select id, first_name as "firstName", nick_name as "nickName", last_name as "lastName",
          is_group as "isGroup"
        from clients where id = ${clientId} and practice_id = ${practiceId}`,
  );
  return row;
}

export type ProductRow = {
  productId: number;
  name: string;
  sku: string;
  durationMinutes: number;
  isTelehealth: boolean;
  isGroup: boolean;
};

const productColumns = sql`id as "productId", description as name, cpt_code as sku,
  duration_minutes as "durationMinutes", is_telehealth as "isTelehealth", is_group as "isGroup"`;

/** The practice's active products (services), by CPT code. */
export function activeProducts(
  db: Db,
  practiceId: number,
  only: 'all' | 'group' = 'all',
): Promise<ProductRow[]> {
  const filter = only === 'group' ? sql`and is_group` : sql``;
  return rowsOf<ProductRow>(
    db,
    sql`select ${productColumns} from products
        where practice_id = ${practiceId} and active ${filter}
        order by cpt_code, id`,
  );
}

export async function activeProductOfPractice(
  db: Db,
  practiceId: number,
  productId: number,
): Promise<ProductRow | undefined> {
  const [row] = await rowsOf<ProductRow>(
    db,
    sql`select ${productColumns} from products
        where id = ${productId} and practice_id = ${practiceId} and active`,
  );
  return row;
}

/**
 * The group's default service: the active group product most recently
 * recorded for one of the group's attendees, else the practice's first
 * active group product (by CPT code).
 */
export async function groupDefaultProduct(
  db: Db,
  practiceId: number,
  groupId: number,
): Promise<ProductRow | undefined> {
  const [row] = await rowsOf<ProductRow>(
    db,
    sql`select ${productColumns} from products pr
        where pr.practice_id = ${practiceId} and pr.active and pr.is_group
        order by (select max(e.start_at) from calendar_event_attendees a
                  join calendar_events e on e.id = a.event_id
                  where e.group_client_id = ${groupId} and a.product_id = pr.id) desc nulls last,
                 pr.cpt_code, pr.id
        limit 1`,
  );
  return row;
}

export async function activeLocations(
  db: Db,
  practiceId: number,
): Promise<{ id: number; name: string; isDefault: boolean }[]> {
  return rowsOf(
    db,
    sql`select id, name, is_default as "isDefault" from locations
        where practice_id = ${practiceId} and active
        order by is_default desc, name, id`,
  );
}

/**
 * Records attendance only while it is still unknown, so two people saving at
 * once cannot both win; answers the row, or nothing when it was already recorded.
 */
export async function writeAttendance(
  db: Db,
  attendeeId: number,
  next: { attended: boolean; noShow: boolean; productId: number | null },
): Promise<{ accountInvoiceId: number | null } | undefined> {
  const [row] = await rowsOf<{ accountInvoiceId: number | null }>(
    db,
    sql`update calendar_event_attendees
        set attended = ${next.attended}, no_show = ${next.noShow}, product_id = ${next.productId}
        where id = ${attendeeId} and attended is null
        returning account_invoice_id as "accountInvoiceId"`,
  );
  return row;
}

/** Back to unknown, unless an invoice appeared in the meantime. */
export async function clearAttendance(db: Db, attendeeId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update calendar_event_attendees set attended = null, no_show = false
        where id = ${attendeeId} and account_invoice_id is null
        returning id`,
  );
  return rows.length > 0;
}

/** Sets the check-in time to now when there is none, else clears it; answers the new value. */
export async function toggleCheckIn(
  db: Db,
  attendeeId: number,
  now: Date,
): Promise<{ checkedInAt: string | null }> {
  const [row] = await rowsOf<{ checkedInAt: string | null }>(
    db,
    sql`update calendar_event_attendees
        set checked_in_at = case when checked_in_at is null then ${now.toISOString()}::timestamptz else null end
        where id = ${attendeeId}
        returning case when checked_in_at is null then null else ${isoOf(sql`checked_in_at`)} end as "checkedInAt"`,
  );
  return { checkedInAt: row?.checkedInAt ?? null };
}

/** A meeting's [start, end): all day is midnight to midnight in the practice's zone, else start + duration. */
export async function meetingWindow(
  db: Db,
  input: { start: ReturnType<typeof sql>; allDay: boolean; duration: number; timezone: string },
): Promise<{ startAt: string; endAt: string } | undefined> {
  const { start, timezone } = input;
  const [window] = await rowsOf<{ startAt: string; endAt: string }>(
    db,
    input.allDay
      ? sql`select ${isoOf(sql`d::timestamp at time zone ${timezone}`)} as "startAt",
              ${isoOf(sql`(d + 1)::timestamp at time zone ${timezone}`)} as "endAt"
            from (select (${start} at time zone ${timezone})::date as d) x`
      : sql`select ${isoOf(start)} as "startAt",
              ${isoOf(sql`${start} + make_interval(mins => ${input.duration}::int)`)} as "endAt"`,
  );
  return window;
}
