import { nextNoteStatus, NOTE_MESSAGES, type NoteStatus } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { ChartActor } from './chart-actor.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { partiesOf, type NoteParties } from './note-actors.ts';
import { loadNote } from './note-queries.ts';
import { addHistory, addSignature, contentHash } from './note-writes.ts';
import { allowedStatus, CHARTING_MESSAGES } from './refusals.ts';

/**
 * Addenda (issue 17 item 3): written by the note's therapist on a locked note, one at a
 * time, and signed like a note (a supervisee's goes to review). They answer with the note.
 */

type AddendumRow = {
  id: number;
  noteId: number;
  therapistId: number;
  reviewerTherapistId: number | null;
  status: NoteStatus;
  text: string;
};

async function addendumForChange(db: Db, who: ChartActor, addendumId: number, now: Date) {
  const [addendum] = await rowsOf<AddendumRow>(
    db,
    sql`select id, note_id as "noteId", therapist_id as "therapistId",
               reviewer_therapist_id as "reviewerTherapistId", status, text
        from chart_addenda where id = ${addendumId} and practice_id = ${who.practiceId}
        for update`,
  );
  if (!addendum) throw notFound(CHARTING_MESSAGES.addendumNotFound);
  const parties = await partiesOf(
    db,
    who,
    {
      therapistId: addendum.therapistId,
      reviewerTherapistId: addendum.reviewerTherapistId,
      lockedAt: null,
      practiceId: who.practiceId,
    },
    now,
  );
  return { addendum, parties };
}

export async function createAddendum(db: Db, who: ChartActor, noteId: number, now: Date) {
  const note = await loadNote(db, who.practiceId, noteId, true);
  if (!note) throw notFound(CHARTING_MESSAGES.noteNotFound);
  if (note.status !== 'locked') throw conflict(CHARTING_MESSAGES.addendumNeedsLock);
  const parties = await partiesOf(db, who, note, now);
  if (!parties.actor.isAuthor) throw forbidden(CHARTING_MESSAGES.addendumAuthor);
  const [open] = await rowsOf<{ id: number }>(
    db,
    sql`select id from chart_addenda where note_id = ${noteId} and status <> 'locked' limit 1`,
  );
  if (open) throw conflict(CHARTING_MESSAGES.addendumOpen);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into chart_addenda (note_id, practice_id, therapist_id, created_at, updated_at)
        values (${noteId}, ${note.practiceId}, ${note.therapistId}, ${now.toISOString()}, ${now.toISOString()})
        returning id`,
  );
  await addHistory(db, who, {
    noteId,
    addendumId: row?.id ?? null,
    action: 'addendum_created',
    version: note.version,
    at: now,
  });
  return noteId;
}

export async function saveAddendum(
  db: Db,
  who: ChartActor,
  addendumId: number,
  text: string,
  now: Date,
): Promise<number> {
  const { addendum, parties } = await addendumForChange(db, who, addendumId, now);
  allowedStatus(nextNoteStatus(addendum.status, 'save', parties.actor));
  await db.execute(
    sql`update chart_addenda set text = ${text}, updated_at = ${now.toISOString()} where id = ${addendumId}`,
  );
  return addendum.noteId;
}

function reviewerOf(parties: NoteParties, requested: number | undefined): number {
  const only = parties.supervisors.length === 1 ? parties.supervisors[0]?.therapistId : undefined;
  const chosen = requested ?? only;
  if (chosen === undefined)
    throw badRequest(CHARTING_MESSAGES.chooseSupervisor, 'reviewerTherapistId');
  if (!parties.supervisors.some((s) => s.therapistId === chosen)) {
    throw badRequest(CHARTING_MESSAGES.notASupervisor, 'reviewerTherapistId');
  }
  return chosen;
}

async function lockAddendum(
  db: Db,
  who: ChartActor,
  a: AddendumRow,
  role: 'author' | 'cosigner',
  now: Date,
) {
  const hash = contentHash({ noteId: a.noteId, addendumId: a.id }, a.text);
  await addSignature(db, who, {
    noteId: a.noteId,
    addendumId: a.id,
    version: 1,
    role,
    hash,
    at: now,
  });
  await db.execute(
    sql`update chart_addenda set status = 'locked', locked_at = ${now.toISOString()},
          updated_at = ${now.toISOString()} where id = ${a.id}`,
  );
}

export async function signAddendum(
  db: Db,
  who: ChartActor,
  addendumId: number,
  requestedReviewer: number | undefined,
  now: Date,
): Promise<number> {
  const { addendum: a, parties } = await addendumForChange(db, who, addendumId, now);
  const status = allowedStatus(nextNoteStatus(a.status, 'sign', parties.actor));
  if (a.text.trim() === '') throw badRequest(CHARTING_MESSAGES.emptyAddendum, 'text');
  const entry = { noteId: a.noteId, addendumId: a.id, version: 1, at: now };
  if (status === 'locked') {
    await lockAddendum(db, who, a, 'author', now);
    await addHistory(db, who, { ...entry, action: 'signed' });
    return a.noteId;
  }
  const reviewer = reviewerOf(parties, requestedReviewer);
  const hash = contentHash({ noteId: a.noteId, addendumId: a.id }, a.text);
  await addSignature(db, who, { ...entry, role: 'author', hash });
  await db.execute(
    sql`update chart_addenda set status = 'pendingreview', reviewer_therapist_id = ${reviewer},
          updated_at = ${now.toISOString()} where id = ${a.id}`,
  );
  await addHistory(db, who, { ...entry, action: 'sent' });
  return a.noteId;
}

export async function reviewAddendum(
  db: Db,
  who: ChartActor,
  addendumId: number,
  decision: { cosign: true } | { cosign: false; comment: string },
  now: Date,
): Promise<number> {
  const { addendum: a, parties } = await addendumForChange(db, who, addendumId, now);
  const entry = { noteId: a.noteId, addendumId: a.id, version: 1, at: now };
  if (decision.cosign) {
    allowedStatus(nextNoteStatus(a.status, 'cosign', parties.actor));
    await lockAddendum(db, who, a, 'cosigner', now);
    await addHistory(db, who, { ...entry, action: 'cosigned' });
    return a.noteId;
  }
  allowedStatus(nextNoteStatus(a.status, 'return', parties.actor));
  if (decision.comment.trim() === '') throw badRequest(NOTE_MESSAGES.emptyFeedback, 'comment');
  await db.execute(
    sql`update chart_addenda set status = 'feedback', updated_at = ${now.toISOString()} where id = ${a.id}`,
  );
  await addHistory(db, who, { ...entry, action: 'returned', comment: decision.comment });
  return a.noteId;
}
