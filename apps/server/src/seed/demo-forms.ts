import { FORM_LIBRARY, linkIdOf, type FormAnswers, type MeasureKey } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { createMailer } from '../platform/mail.ts';
import {
  addLibraryForm,
  answer,
  assignForms,
  publishDraft,
  saveDraft,
  saveSchedule,
  type FormActor,
} from '../modules/forms/index.ts';

/**
 * The demo practice's forms (issue 18 item 9), made through the forms services: every library
 * form added (the two stub forms of the client seed take the library's content as their next
 * version), the portal client given forms to complete, and PHQ-9 / GAD-7 histories for two
 * of therapist1's clients: one improving to remission, one whose latest PHQ-9 answers item 9
 * (which raises the alert and its email, as a real submission would).
 */

const DAY = 86_400_000;
/** Scores every two weeks, the newest two days ago. */
const IMPROVING = { phq9: [19, 14, 9, 4], gad7: [16, 11, 7, 3] };
const ITEM9 = { phq9: [12, 15], gad7: [9, 11] };

/** Answers adding up to `total` (items 0–3), item 9 of the PHQ-9 set to `item9`. */
function answersFor(measure: MeasureKey, total: number, item9 = 0): FormAnswers {
  const count = measure === 'phq9' ? 9 : 7;
  const values = Array<number>(count).fill(0);
  let left = total;
  if (measure === 'phq9') {
    values[8] = item9;
    left -= item9;
  }
  for (let i = 0; i < count && left > 0; i++) {
    if (measure === 'phq9' && i === 8) continue;
    values[i] = Math.min(3, left);
    left -= values[i] ?? 0;
  }
  return Object.fromEntries(values.map((v, i) => [linkIdOf(measure, i), String(v)]));
}

async function userOf(db: Db, username: string) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where username = ${username}`,
  );
  if (!row) throw new Error(`demo user ${username} missing`);
  return row.id;
}

export async function seedDemoForms(
  db: Db,
  practices: { first: number; second: number },
  now: Date,
) {
  const ownerId = await userOf(db, 'owner');
  const at = (when: Date) => ({ practiceId: practices.first, userId: ownerId, now: when });
  const ids = new Map<string, number>();
  for (const form of FORM_LIBRARY)
    ids.set(form.key, (await addLibraryForm(db, at(now), form.key)).id);

  // The second practice's packet gets content of its own (a short intake).
  const [packet] = await rowsOf<{ id: number }>(
    db,
    sql`select id from form_definitions where practice_id = ${practices.second} order by id limit 1`,
  );
  if (packet) {
    const owner2 = { practiceId: practices.second, userId: await userOf(db, 'owner2'), now };
    const intake = FORM_LIBRARY[0]?.questionnaire;
    if (intake)
      await saveDraft(db, owner2, packet.id, {
        ...intake,
        title: 'Harbor Light new client packet',
      });
    await publishDraft(db, owner2, packet.id);
  }

  // The portal client: consents and a PHQ-9 to complete.
  const [chris] = await rowsOf<{ id: number }>(
    db,
    sql`select c.id from clients c join users u on u.id = c.portal_user_id where u.username = 'client1'`,
  );
  if (chris)
    await assignForms(db, {
      practiceId: practices.first,
      clientId: chris.id,
      userId: ownerId,
      formDefinitionIds: [
        'consent-to-treatment',
        'telehealth-consent',
        'hipaa-acknowledgement',
        'phq9',
      ].map((key) => ids.get(key) ?? 0),
      when: 'now',
      now,
    });

  await seedHistories(db, practices.first, ids, now);
}

/** Two of therapist1's clients with two months of PHQ-9 and GAD-7 scores. */
async function seedHistories(db: Db, practiceId: number, ids: Map<string, number>, now: Date) {
  const mailer = createMailer({ now: () => now });
  const pair = await rowsOf<{ id: number; portalUserId: number | null }>(
    db,
    sql`select c.id, c.portal_user_id as "portalUserId" from clients c
          join client_therapists ct on ct.client_id = c.id and ct.status = 'ACTIVE'
          join therapists t on t.id = ct.therapist_id join users u on u.id = t.user_id and u.username = 'therapist1'
        where c.practice_id = ${practiceId} and c.portal_user_id is null and not c.is_group
          and c.last_name not in ('Hamilton', 'Client', 'Sinclair', 'Avery')
        order by c.id limit 2`,
  );
  const therapist1 = await userOf(db, 'therapist1');
  const histories = [IMPROVING, ITEM9];
  for (const [index, client] of pair.entries()) {
    const history = histories[index];
    if (!history) continue;
    for (const measure of ['phq9', 'gad7'] as const) {
      const totals = history[measure];
      for (const [n, total] of totals.entries()) {
        const when = new Date(now.getTime() - (2 + 14 * (totals.length - 1 - n)) * DAY);
        const last = n === totals.length - 1;
        const answers = answersFor(
          measure,
          total,
          history === ITEM9 && measure === 'phq9' && last ? 1 : 0,
        );
        const given = await assignForms(db, {
          practiceId: practiceId,
          clientId: client.id,
          userId: therapist1,
          formDefinitionIds: [ids.get(measure) ?? 0],
          when: 'now',
          now: when,
        });
        const assignment = given.data[0];
        if (!assignment) continue;
        // Completed with the client in session: the therapist records it (no portal sign-in).
        const actor: FormActor = {
          practiceId: practiceId,
          userId: therapist1,
          role: 'staff',
          now: when,
          ip: null,
          userAgent: null,
          mailer,
          publicUrl: 'http://localhost:3000',
        };
        await answer(db, actor, assignment.id, answers, 'submit');
      }
      await saveSchedule(db, {
        practiceId: practiceId,
        clientId: client.id,
        userId: therapist1,
        measure,
        frequency: 'every_other_appointment',
        active: true,
        now,
      });
    }
  }
}
