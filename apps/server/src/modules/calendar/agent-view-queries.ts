import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

export type AgentTherapistRow = {
  therapist_id: number;
  therapist_name: string;
  practice_name: string;
  external_agent_id: number;
  practice_id: number;
};

/**
 * The therapists assigned to any of the signed-in person's external agent
 * identities (each identity belongs to one practice, and only that
 * practice's therapists count), the current practice's first.
 */
export async function therapistsOfAgent(
  db: Db,
  input: { userId: number; currentPracticeId: number },
): Promise<AgentTherapistRow[]> {
  const rows = await rowsOf<AgentTherapistRow>(
    db,
    sql`select t.id as therapist_id, btrim(t.first_name || ' ' || t.last_name) as therapist_name,
          p.name as practice_name, ea.id as external_agent_id, p.id as practice_id
        from external_agents ea
        join external_agent_therapists eat on eat.external_agent_id = ea.id
        join therapists t on t.id = eat.therapist_id and t.practice_id = ea.practice_id and t.active
        join practices p on p.id = ea.practice_id
        where ea.user_id = ${input.userId}
        order by p.id = ${input.currentPracticeId} desc, p.name, t.last_name, t.first_name, t.id, ea.id`,
  );
  // Two identities in one practice could name a therapist twice: keep the first.
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.therapist_id) && seen.add(r.therapist_id));
}

/** What the agent view reads of one event; client names only leave as initials (agent-view.ts). */
export type AgentEventSourceRow = {
  calendar_event_id: number;
  kind: 'appointment' | 'meeting' | 'out_of_office' | 'holiday';
  holiday_name: string;
  therapist_id: number;
  practice_id: number;
  external_agent_id: number;
  start_date_time: string;
  end_date_time: string;
  all_day: boolean;
  practice_location_id: number | null;
  location_color: string | null;
  is_teletherapy: boolean;
  is_group: boolean;
  first_initial: string | null;
  last_initial: string | null;
  has_alert: boolean;
  calendar_event_canceldate: string | null;
  attended_count: number;
  no_show_count: number;
  not_attended_count: number;
  /** Locked billing notes of the event: the chart-locked colour and the group chart warning. */
  locked_chart_count: number;
  /** A payment is applied to one of the event's session charges. */
  payment_exists: boolean;
  /** Claims of the event's attendees: the claim-created colour. */
  claim_count: number;
  /** Every client the event is for (not sent to the agent; the reads are audited per client). */
  client_ids: number[];
};

/**
 * The events (cancelled ones too) of the agent's assigned therapists in the
 * week from `weekStart` to `weekEnd` (ISO dates, midnight in each practice's
 * time zone).
 */
export function agentEventsInWeek(
  db: Db,
  input: { userId: number; weekStart: string; weekEnd: string },
): Promise<AgentEventSourceRow[]> {
  return rowsOf<AgentEventSourceRow>(
    db,
    sql`select distinct on (e.start_at, e.id)
          e.id as calendar_event_id, e.type as kind,
          case when e.type = 'holiday' then e.name else '' end as holiday_name,
          e.therapist_id, e.practice_id, ea.id as external_agent_id,
          ${isoOf(sql`e.start_at`)} as start_date_time, ${isoOf(sql`e.end_at`)} as end_date_time,
          e.all_day, e.location_id as practice_location_id, l.color as location_color,
          e.is_telehealth as is_teletherapy, e.group_client_id is not null as is_group,
          upper(left(btrim(c.first_name), 1)) as first_initial,
          upper(left(btrim(c.last_name), 1)) as last_initial,
          exists (select 1 from calendar_event_attendees x join clients xc on xc.id = x.client_id
                  where x.event_id = e.id and coalesce(btrim(xc.alert), '') <> '') as has_alert,
          case when e.cancelled_at is null then null else ${isoOf(sql`e.cancelled_at`)} end as calendar_event_canceldate,
          (select count(*)::int from calendar_event_attendees x where x.event_id = e.id and x.attended) as attended_count,
          (select count(*)::int from calendar_event_attendees x where x.event_id = e.id and x.no_show) as no_show_count,
          (select count(*)::int from calendar_event_attendees x where x.event_id = e.id and x.attended = false and not x.no_show) as not_attended_count,
          (select count(*)::int from chart_notes n where n.event_id = e.id and n.status = 'locked'
             and n.kind = 'progress' and n.is_billing_note) as locked_chart_count,
          exists (select 1 from calendar_event_attendees x
             join ledger_entries l on l.charge_id = x.account_invoice_id and l.kind = 'allocation'
             where x.event_id = e.id group by x.account_invoice_id
             having sum(l.amount_cents) > 0) as payment_exists,
          (select count(distinct s.claim_id)::int from calendar_event_attendees x
             join claim_sessions s on s.attendee_id = x.id where x.event_id = e.id) as claim_count,
          coalesce((select array_agg(distinct x.client_id) from calendar_event_attendees x where x.event_id = e.id), '{}') as client_ids
        from external_agents ea
        join external_agent_therapists eat on eat.external_agent_id = ea.id
        join therapists t on t.id = eat.therapist_id and t.practice_id = ea.practice_id and t.active
        join practices p on p.id = ea.practice_id
        join calendar_events e on e.practice_id = ea.practice_id and e.therapist_id = t.id
          and e.start_at < (${input.weekEnd}::date::timestamp at time zone p.timezone)
          and e.end_at > (${input.weekStart}::date::timestamp at time zone p.timezone)
        left join locations l on l.id = e.location_id
        left join lateral (
          select x.client_id from calendar_event_attendees x where x.event_id = e.id order by x.id limit 1
        ) a on true
        left join clients c on c.id = a.client_id
        where ea.user_id = ${input.userId}
        order by e.start_at, e.id, ea.id`,
  );
}

/** Today in the practice's time zone (YYYY-MM-DD). */
export async function practiceToday(db: Db, practiceId: number, now: Date): Promise<string> {
  const [row] = await rowsOf<{ today: string }>(
    db,
    sql`select to_char(${now.toISOString()}::timestamptz at time zone p.timezone, 'YYYY-MM-DD') as today
        from practices p where p.id = ${practiceId}`,
  );
  return row?.today ?? now.toISOString().slice(0, 10);
}
