import { allNormalMse, deniesAllRisk, type NoteContent } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  cosignNote,
  createAddendum,
  openNoteFor,
  returnNote,
  saveAddendum,
  saveDraft,
  signAddendum,
  signNote,
  type ChartActor,
} from '../modules/charting/index.ts';
import { seededRandom } from './client-generator.ts';

/**
 * The demo practice's notes (issue 17 item 12), written through the charting services:
 * for each therapist's attended sessions of the last two weeks, the newest few stay
 * uncharted, a couple are drafts, the rest are signed; a supervisee's notes also wait for
 * review or come back with feedback; a few locked notes carry addenda. Older sessions
 * have no notes, as if the practice started charting here two weeks ago.
 */

const DAYS_CHARTED = 14;
const UNCHARTED_NEWEST = 3;
const DRAFTS = 2;

const SUBJECTIVE = [
  'Reports sleeping better since last session; work stress remains high.',
  'Describes an argument with partner over the weekend; felt heard afterwards.',
  'Anxiety before the presentation was lower than expected.',
  'Low mood most days this week; still going for walks.',
];
const PLAN = [
  'Continue weekly sessions; practise the breathing exercise daily.',
  'Review the thought record next session.',
  'Continue CBT for anxiety; graded exposure to the next step.',
];

type Session = { attendeeId: number; therapistUserId: number };

async function actorsOf(db: Db, practiceId: number): Promise<Map<number, ChartActor>> {
  const rows = await rowsOf<{
    userId: number;
    therapistId: number | null;
    name: string;
    authorities: string[];
  }>(
    db,
    sql`select u.id as "userId", t.id as "therapistId",
               coalesce(nullif(btrim(u.professional_name), ''), btrim(u.first_name || ' ' || u.last_name)) as name,
               array(select authority from user_authorities a where a.user_id = u.id) as authorities
        from users u left join therapists t on t.user_id = u.id and t.practice_id = ${practiceId}
        where u.practice_id = ${practiceId}`,
  );
  return new Map(rows.map((r) => [r.userId, { practiceId, ...r }]));
}

async function recentSessions(db: Db, practiceId: number, now: Date): Promise<Session[]> {
  return rowsOf<Session>(
    db,
    sql`select a.id as "attendeeId", t.user_id as "therapistUserId"
        from calendar_event_attendees a
        join calendar_events e on e.id = a.event_id
        join therapists t on t.id = e.therapist_id
        where e.practice_id = ${practiceId} and e.type = 'appointment' and e.cancelled_at is null
          and e.group_client_id is null and a.attended
          and e.start_at < ${now.toISOString()}
          and e.start_at > ${new Date(now.getTime() - DAYS_CHARTED * 86_400_000).toISOString()}
        order by t.user_id, e.start_at desc`,
  );
}

function content(random: () => number): NoteContent {
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)] ?? '';
  return {
    subjective: pick(SUBJECTIVE),
    objective: 'Engaged and on time; good eye contact.',
    mse: allNormalMse(),
    assessment: 'Making steady progress toward treatment goals.',
    risk: deniesAllRisk(),
    plan: pick(PLAN),
  };
}

/** What happens to the i-th newest session of a therapist. */
type Fate = 'uncharted' | 'draft' | 'pending' | 'feedback' | 'locked' | 'addendum';

function fateOf(i: number, supervised: boolean): Fate {
  if (i < UNCHARTED_NEWEST) return 'uncharted';
  if (i < UNCHARTED_NEWEST + DRAFTS) return 'draft';
  if (supervised && i < UNCHARTED_NEWEST + DRAFTS + 2) return 'pending';
  if (supervised && i < UNCHARTED_NEWEST + DRAFTS + 3) return 'feedback';
  return i % 9 === 0 ? 'addendum' : 'locked';
}

async function supervisorOf(db: Db, therapistId: number): Promise<number | null> {
  const [row] = await rowsOf<{ userId: number }>(
    db,
    sql`select t.user_id as "userId" from therapist_supervisors s
        join therapists t on t.id = s.supervisor_therapist_id
        where s.supervisee_therapist_id = ${therapistId} order by t.id limit 1`,
  );
  return row?.userId ?? null;
}

async function chartOne(
  db: Db,
  author: ChartActor,
  reviewer: ChartActor | null,
  attendeeId: number,
  fate: Fate,
  now: Date,
  random: () => number,
) {
  const note = await openNoteFor(db, author, { attendeeId }, now);
  await saveDraft(
    db,
    author,
    note.id,
    {
      content: content(random),
      diagnosisCodes: note.diagnoses,
      updatedAt: note.updatedAt.toISOString(),
    },
    now,
  );
  if (fate === 'draft') return;
  await signNote(db, author, note.id, {}, now);
  if (reviewer === null) {
    if (fate === 'addendum') await addAddendum(db, author, note.id, now);
    return;
  }
  if (fate === 'pending') return;
  if (fate === 'feedback') {
    await returnNote(
      db,
      reviewer,
      note.id,
      'Please add the homework you agreed on to the plan.',
      now,
    );
    return;
  }
  await cosignNote(db, reviewer, note.id, now);
}

async function addAddendum(db: Db, author: ChartActor, noteId: number, now: Date) {
  await createAddendum(db, author, noteId, now);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from chart_addenda where note_id = ${noteId} order by id desc limit 1`,
  );
  if (!row) return;
  await saveAddendum(
    db,
    author,
    row.id,
    'Client called the next day: the new sleep routine is helping.',
    now,
  );
  await signAddendum(db, author, row.id, undefined, now);
}

export async function seedDemoCharting(db: Db, practiceId: number, now: Date): Promise<void> {
  const random = seededRandom(17);
  const actors = await actorsOf(db, practiceId);
  const sessions = await recentSessions(db, practiceId, now);
  const seen = new Map<number, number>();
  for (const session of sessions) {
    const author = actors.get(session.therapistUserId);
    if (!author?.therapistId) continue;
    const i = seen.get(session.therapistUserId) ?? 0;
    seen.set(session.therapistUserId, i + 1);
    const reviewerUserId = await supervisorOf(db, author.therapistId);
    const reviewer = reviewerUserId === null ? null : (actors.get(reviewerUserId) ?? null);
    const fate = fateOf(i, reviewer !== null);
    if (fate === 'uncharted') continue;
    await chartOne(db, author, reviewer, session.attendeeId, fate, now, random);
  }
}
