import {
  daysFromTo,
  expiringCutoff,
  hasRole,
  planStateOf,
  zonedIsoDate,
  type PlanState,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import type { PlanActor } from './plan-actor.ts';

export type TreatmentPlanList = 'expiring' | 'unsigned';

const LIST_LIMIT = 100;

type Row = {
  planId: number;
  patientId: number;
  therapistId: number;
  reviewDate: string;
  createdAt: Date;
  displayName: string;
  therapistName: string;
  hasComments: boolean;
  therapistSigned: boolean;
  supervisorRequired: boolean;
  supervisorSigned: boolean;
  clientSigned: boolean;
  total: number;
};

/**
 * The dashboard's treatment plan lists (spec-1 §3), current versions only, in one query:
 * expiring = signed by the therapist with the review date within 14 days or past; unsigned
 * = waiting for any signature. A therapist sees their own and their supervisees' plans,
 * managers every plan of the practice, anyone else none.
 */
export async function treatmentPlanList(
  db: Db,
  list: TreatmentPlanList,
  actor: PlanActor,
  now: Date,
) {
  const manager = hasRole(actor.authorities, 'manager');
  const empty = { items: [], count: 0, oldestDays: null };
  if (!manager && actor.therapistId === null) return empty;
  const { timezone, today } = await practiceDay(db, actor.practiceId, now);
  const tid = actor.therapistId ?? 0;
  const signed = (role: string) =>
    sql`exists (select 1 from treatment_plan_signatures s where s.plan_id = p.id and s.role = ${role})`;
  const therapistSigned = signed('therapist');
  const supervisorRequired = sql`coalesce((select s.supervisor_required from treatment_plan_signatures s
    where s.plan_id = p.id and s.role = 'therapist'), false)`;
  const fullySigned = sql`(${therapistSigned} and (not ${supervisorRequired} or ${signed('supervisor')}) and ${signed('client')})`;
  const which =
    list === 'expiring'
      ? sql`${therapistSigned} and p.review_date <= ${expiringCutoff(today)}::date`
      : sql`not ${fullySigned}`;
  const rows = await rowsOf<Row>(
    db,
    sql`select p.id as "planId", p.client_id as "patientId", p.therapist_id as "therapistId",
               p.review_date::text as "reviewDate", p.created_at as "createdAt",
               btrim(c.first_name || ' ' || c.last_name) as "displayName",
               btrim(t.first_name || ' ' || t.last_name) as "therapistName",
               exists (select 1 from treatment_plan_comments m where m.plan_id = p.id) as "hasComments",
               ${therapistSigned} as "therapistSigned", ${supervisorRequired} as "supervisorRequired",
               ${signed('supervisor')} as "supervisorSigned", ${signed('client')} as "clientSigned",
               (count(*) over ())::int as total
        from treatment_plans p
        join clients c on c.id = p.client_id
        join therapists t on t.id = p.therapist_id
        where p.practice_id = ${actor.practiceId} and c.merged_into_id is null
          and not exists (select 1 from treatment_plans n where n.client_id = p.client_id
                          and n.therapist_id = p.therapist_id and n.version > p.version)
          and (${manager} or p.therapist_id = ${tid} or p.therapist_id in
               (select s.supervisee_therapist_id from therapist_supervisors s where s.supervisor_therapist_id = ${tid}))
          and ${which}
        order by ${list === 'expiring' ? sql`p.review_date` : sql`p.created_at`}, p.id
        limit ${LIST_LIMIT}`,
  );
  const items = rows.map((r) => {
    const state: PlanState = planStateOf(r);
    const started = zonedIsoDate(new Date(r.createdAt), timezone);
    const days_old =
      list === 'expiring'
        ? Math.max(0, daysFromTo(r.reviewDate, today))
        : Math.max(0, daysFromTo(started, today));
    return {
      planId: r.planId,
      patientId: r.patientId,
      therapistId: r.therapistId,
      state,
      reviewDate: r.reviewDate,
      createdAt: r.createdAt,
      days_old,
      display_name: r.displayName,
      has_comments: r.hasComments,
      is_treatment_plan_therapist: r.therapistId === actor.therapistId,
      therapistName: r.therapistName,
    };
  });
  const oldestDays = items.length === 0 ? null : Math.max(...items.map((i) => i.days_old));
  return { items, count: rows[0]?.total ?? 0, oldestDays };
}
