import type { PlanContent } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  createPlan,
  planRow,
  saveDraft,
  signPlan,
  type PlanActor,
} from '../modules/treatment-plans/index.ts';
import { NAMED_CLIENTS } from './demo-clients.ts';

/**
 * The demo practice's treatment plans (issue 18 item 9), written through the same services
 * as the pages: Chris Client (client1) has a plan from Theresa Quinn waiting for their
 * signature in the portal; two of her other clients' plans are due for review (one past, one
 * within the fortnight); Jordan Avery's plan from a supervisee waits for the supervisor; Bob
 * Sinclair's plan is a draft. Margaret Hamilton has none, so a plan can be started on her.
 */

const DAY = 86_400_000;

function contentFor(
  problem: string,
  goal: string,
  objective: string,
  targetDate: string,
): PlanContent {
  return {
    diagnoses: ['F41.1'],
    presentingProblem: problem,
    strengths: 'Motivated for treatment; supportive family.',
    goals: [{ id: 'g1', text: goal, objectives: [{ id: 'o1', text: objective, targetDate }] }],
    interventions: 'Cognitive behavioural therapy; relaxation training; weekly homework.',
    frequency: 'Weekly 53-minute sessions',
    dischargeCriteria: 'Goals met and maintained for four weeks.',
  };
}

async function actorOf(db: Db, practiceId: number, username: string): Promise<PlanActor> {
  const [row] = await rowsOf<{
    userId: number;
    therapistId: number;
    name: string;
    authorities: string[];
  }>(
    db,
    sql`select u.id as "userId", t.id as "therapistId",
               coalesce(nullif(btrim(u.professional_name), ''), btrim(u.first_name || ' ' || u.last_name)) as name,
               array(select authority from user_authorities a where a.user_id = u.id) as authorities
        from users u join therapists t on t.user_id = u.id and t.practice_id = ${practiceId}
        where u.username = ${username}`,
  );
  if (!row) throw new Error(`demo therapist ${username} is missing`);
  return { practiceId, ...row, ip: null, userAgent: 'demo seed' };
}

/** A client of the therapist by name, or the therapist's first clients without a plan. */
async function clientsOf(
  db: Db,
  therapistId: number,
  name?: { firstName: string; lastName: string },
) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select c.id from clients c join client_therapists ct on ct.client_id = c.id
        where ct.therapist_id = ${therapistId}
          ${name ? sql`and c.first_name = ${name.firstName} and c.last_name = ${name.lastName}` : sql`and c.first_name not in ('Chris', 'Margaret')`}
          and not exists (select 1 from treatment_plans p where p.client_id = c.id)
        order by c.id limit 2`,
  );
  return rows.map((r) => r.id);
}

async function writePlan(
  db: Db,
  actor: PlanActor,
  clientId: number,
  input: { content: PlanContent; reviewDate: string },
  now: Date,
): Promise<number> {
  const planId = await createPlan(
    db,
    actor,
    { clientId, therapistId: actor.therapistId ?? 0 },
    now,
  );
  const plan = await planRow(db, actor.practiceId, planId);
  await saveDraft(db, actor, planId, { ...input, updatedAt: plan.updatedAt.toISOString() }, now);
  return planId;
}

export async function seedDemoTreatmentPlans(db: Db, practiceId: number, now: Date): Promise<void> {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const quinn = await actorOf(db, practiceId, NAMED_CLIENTS.portalClient.therapist);
  const supervisee = await actorOf(db, practiceId, NAMED_CLIENTS.jordan.therapist);
  const other = await actorOf(db, practiceId, NAMED_CLIENTS.bob.therapist);
  const anxious = contentFor(
    'Worries most days about work and health; trouble sleeping.',
    'Reduce anxiety to a mild level',
    'GAD-7 score below 10 on two measures in a row',
    day(90),
  );

  const [chris] = await clientsOf(db, quinn.therapistId ?? 0, NAMED_CLIENTS.portalClient);
  if (chris) {
    const id = await writePlan(db, quinn, chris, { content: anxious, reviewDate: day(90) }, now);
    await signPlan(db, quinn, id, now);
  }
  const due = [day(-3), day(7)];
  for (const [i, clientId] of (await clientsOf(db, quinn.therapistId ?? 0)).entries()) {
    const id = await writePlan(
      db,
      quinn,
      clientId,
      { content: anxious, reviewDate: due[i] ?? day(7) },
      now,
    );
    await signPlan(db, quinn, id, now);
  }
  const [jordan] = await clientsOf(db, supervisee.therapistId ?? 0, NAMED_CLIENTS.jordan);
  if (jordan) {
    const id = await writePlan(
      db,
      supervisee,
      jordan,
      { content: anxious, reviewDate: day(90) },
      now,
    );
    await signPlan(db, supervisee, id, now);
  }
  const [bob] = await clientsOf(db, other.therapistId ?? 0, NAMED_CLIENTS.bob);
  if (bob)
    await writePlan(
      db,
      other,
      bob,
      { content: { ...anxious, frequency: '' }, reviewDate: day(90) },
      now,
    );
}
