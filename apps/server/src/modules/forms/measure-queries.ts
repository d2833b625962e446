import { MEASURES, trendOf, type MeasureFrequency, type MeasureKey } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';

/**
 * The Measures view's data (issue 18 item 6): each measure's scores over time with its bands,
 * and response (a drop of half from the first complete score) and remission (latest under 5);
 * the client's measure schedules; the self-harm alerts of the caller's clients.
 */

const MAXIMUM: Record<MeasureKey, number> = { phq9: 27, gad7: 21 };

export async function measureHistory(db: Db, practiceId: number, clientId: number) {
  const points = await rowsOf<{
    measure: MeasureKey;
    assignmentId: number;
    scoredAt: Date;
    complete: boolean;
    total: number | null;
    severity: string | null;
    selfHarmAlert: boolean;
  }>(
    db,
    sql`select s.measure, r.assignment_id as "assignmentId", s.scored_at as "scoredAt", s.complete, s.total,
          s.severity, s.self_harm_alert as "selfHarmAlert"
        from measure_scores s join form_responses r on r.id = s.response_id
        where s.practice_id = ${practiceId} and s.client_id = ${clientId}
        order by s.scored_at, s.id`,
  );
  return (Object.keys(MEASURES) as MeasureKey[]).map((key) => {
    const mine = points.filter((p) => p.measure === key).map(({ measure: _m, ...p }) => p);
    const totals = mine.flatMap((p) => (p.total === null ? [] : [p.total]));
    const first = totals[0];
    const latest = totals[totals.length - 1];
    const trend =
      first !== undefined && latest !== undefined && totals.length > 1
        ? trendOf(first, latest)
        : { response: false, remission: latest !== undefined && latest < 5 && totals.length > 1 };
    return {
      measure: key,
      name: MEASURES[key].name,
      loinc: MEASURES[key].loinc.panel,
      bands: [...MEASURES[key].bands],
      maximum: MAXIMUM[key],
      points: mine,
      ...trend,
    };
  });
}

export type ScheduleRow = {
  measure: MeasureKey;
  frequency: MeasureFrequency;
  active: boolean;
  timesGiven: number;
  updatedAt: Date;
};

export function schedulesOf(db: Db, practiceId: number, clientId: number) {
  return rowsOf<ScheduleRow>(
    db,
    sql`select measure, frequency, active, times_given as "timesGiven", updated_at as "updatedAt"
        from measure_schedules where practice_id = ${practiceId} and client_id = ${clientId} order by measure`,
  );
}

export async function saveSchedule(
  db: Db,
  input: {
    practiceId: number;
    clientId: number;
    userId: number;
    measure: MeasureKey;
    frequency: MeasureFrequency;
    active: boolean;
    now: Date;
  },
) {
  const [row] = await rowsOf<ScheduleRow>(
    db,
    sql`insert into measure_schedules (practice_id, client_id, measure, frequency, active, created_by_user_id, updated_at)
        values (${input.practiceId}, ${input.clientId}, ${input.measure}, ${input.frequency}, ${input.active}, ${input.userId}, ${input.now.toISOString()}::timestamptz)
        on conflict (client_id, measure) do update set frequency = excluded.frequency, active = excluded.active,
          updated_at = excluded.updated_at,
          -- A new frequency starts counting afresh ('once' is given once more).
          appointments_seen = case when measure_schedules.frequency = excluded.frequency then measure_schedules.appointments_seen else 0 end,
          times_given = case when measure_schedules.frequency = excluded.frequency then measure_schedules.times_given else 0 end
        returning measure, frequency, active, times_given as "timesGiven", updated_at as "updatedAt"`,
  );
  if (!row) throw new Error('schedule not written');
  return row;
}

type AlertRow = {
  id: number;
  patientId: number;
  clientName: string;
  createdAt: Date;
  assignmentId: number;
  acknowledgedAt: Date | null;
};

const ALERTS = sql`select a.id, a.client_id as "patientId", btrim(c.first_name || ' ' || c.last_name) as "clientName",
    a.created_at as "createdAt", r.assignment_id as "assignmentId", a.acknowledged_at as "acknowledgedAt"
  from measure_alerts a join clients c on c.id = a.client_id
  join measure_scores s on s.id = a.score_id join form_responses r on r.id = s.response_id
  join therapists t on t.id = a.therapist_id`;

/** The caller's (as a therapist) alerts not yet acknowledged, newest first. */
export function openAlertsOf(db: Db, practiceId: number, userId: number) {
  return rowsOf<AlertRow>(
    db,
    sql`${ALERTS} where a.practice_id = ${practiceId} and t.user_id = ${userId} and a.acknowledged_at is null
        order by a.created_at desc, a.id desc limit 100`,
  );
}

export async function acknowledgeAlert(
  db: Db,
  input: { practiceId: number; userId: number; id: number; now: Date },
) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`update measure_alerts a set acknowledged_at = coalesce(a.acknowledged_at, ${input.now.toISOString()}::timestamptz),
          acknowledged_by_user_id = coalesce(a.acknowledged_by_user_id, ${input.userId})
        from therapists t where t.id = a.therapist_id and t.user_id = ${input.userId}
          and a.id = ${input.id} and a.practice_id = ${input.practiceId}
        returning a.id`,
  );
  if (!row) throw notFound('We could not find that alert.');
  const [alert] = await rowsOf<AlertRow>(db, sql`${ALERTS} where a.id = ${row.id}`);
  if (!alert) throw notFound('We could not find that alert.');
  return alert;
}
