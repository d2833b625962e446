import { scoreMeasureAnswers, type FormAnswers, type MeasureKey } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';

/**
 * Scores a submitted PHQ-9 or GAD-7 on the server (issue 18 item 6), whatever the browser
 * showed, and stores it; an incomplete response is stored as incomplete with no total. A
 * non-zero PHQ-9 item 9 raises an alert at once, in the same transaction: a row for each of
 * the client's active therapists (their dashboard lists it) and an email telling them to
 * sign in, which says nothing clinical and names no client (email is not a safe channel).
 */

export const ALERT_EMAIL = {
  kind: 'measure_alert',
  subject: 'A client questionnaire needs your prompt review',
  text: (url: string) =>
    `A questionnaire that one of your clients just completed needs your prompt review.\n\nSign in to see it on your dashboard: ${url}\n\nThis message holds no client information by design.`,
};

type ScoringActor = { practiceId: number; now: Date; mailer: Mailer; publicUrl: string };

export async function scoreSubmitted(
  db: Db,
  actor: ScoringActor,
  input: { responseId: number; clientId: number; measure: MeasureKey; answers: FormAnswers },
) {
  const score = scoreMeasureAnswers(input.measure, input.answers);
  const now = actor.now.toISOString();
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into measure_scores (practice_id, client_id, response_id, measure, complete, total, severity, answered, self_harm_alert, scored_at)
        values (${actor.practiceId}, ${input.clientId}, ${input.responseId}, ${input.measure}, ${score.complete},
          ${score.complete ? score.total : null}, ${score.complete ? score.severity : null},
          ${score.complete ? (input.measure === 'phq9' ? 9 : 7) : score.answered}, ${score.selfHarmAlert}, ${now}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('score not written');
  if (score.selfHarmAlert) await raiseAlert(db, actor, input.clientId, row.id);
  return score;
}

async function raiseAlert(db: Db, actor: ScoringActor, clientId: number, scoreId: number) {
  const therapists = await rowsOf<{ therapistId: number; email: string | null }>(
    db,
    sql`select t.id as "therapistId", u.email
        from client_therapists ct join therapists t on t.id = ct.therapist_id join users u on u.id = t.user_id
        where ct.client_id = ${clientId} and ct.status = 'ACTIVE' order by t.id`,
  );
  // A client with no active therapist still gets a row, for the practice's managers to see.
  const targets = therapists.length ? therapists : [{ therapistId: null, email: null }];
  for (const target of targets) {
    const mail = target.email
      ? await actor.mailer.sendMail(db, {
          practiceId: actor.practiceId,
          to: target.email,
          subject: ALERT_EMAIL.subject,
          text: ALERT_EMAIL.text(`${actor.publicUrl}/n/`),
          kind: ALERT_EMAIL.kind,
        })
      : null;
    await db.execute(
      sql`insert into measure_alerts (practice_id, client_id, score_id, therapist_id, created_at, email_id)
          values (${actor.practiceId}, ${clientId}, ${scoreId}, ${target.therapistId}, ${actor.now.toISOString()}::timestamptz, ${mail?.id ?? null})`,
    );
  }
}
