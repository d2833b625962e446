import {
  contentProblems,
  nextNoteStatus,
  NOTE_MESSAGES,
  type NoteContent,
  type NoteTemplateDefinition,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { ChartActor } from './chart-actor.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { preparedRowsOf } from '../../db/prepared.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { textArray } from '../../platform/sql.ts';
import type { DraftFacts } from './draft-save.ts';
import { partiesOf, type NoteParties } from './note-actors.ts';
import { noteForChange } from './note-queries.ts';
import { addHistory, addSignature, contentHash, lockVersion, signedHeader } from './note-writes.ts';
import { allowedStatus, CHARTING_MESSAGES } from './refusals.ts';

/** The note, locked for this transaction, with who the caller is to it. */
async function lockedForChange(db: Db, who: ChartActor, noteId: number, now: Date) {
  const note = await noteForChange(db, who.practiceId, noteId);
  if (!note) throw notFound(CHARTING_MESSAGES.noteNotFound);
  return { note, parties: await partiesOf(db, who, note, now) };
}

function checkContent(
  note: { definition: NoteTemplateDefinition },
  content: NoteContent,
  forSigning: boolean,
) {
  const [problem] = contentProblems(note.definition, content, forSigning);
  if (problem) throw badRequest(problem.message, `content.${problem.field}`);
}

async function diagnosesKnown(db: Db, codes: readonly string[]): Promise<boolean> {
  if (codes.length === 0) return true;
  const [row] = await rowsOf<{ known: number }>(
    db,
    sql`select count(*)::int as known from icd10_codes where code = any(${textArray(codes)})`,
  );
  return (row?.known ?? 0) === new Set(codes).size;
}

async function checkDiagnoses(db: Db, codes: readonly string[]) {
  if (!(await diagnosesKnown(db, codes))) {
    throw badRequest(CHARTING_MESSAGES.unknownDiagnosis, 'diagnosisCodes');
  }
}

type DraftBody = { content: NoteContent; diagnosisCodes: string[]; updatedAt: string };

/**
 * A save on the facts the gate's statement read (draft-save.ts): the same checks as the
 * locked path, then the update of the row version read. False when a check refuses or the
 * note changed since the read: the locked path then decides, so a refusal or a race is
 * answered exactly as before, and only a save that would have succeeded is made here.
 */
async function savedAsRead(
  db: Db,
  who: ChartActor,
  noteId: number,
  body: DraftBody,
  now: Date,
  seen: DraftFacts,
): Promise<boolean> {
  const lockedAt = seen.lockedMs === null ? null : new Date(seen.lockedMs);
  const parties = await partiesOf(db, who, { ...seen, lockedAt }, now);
  if (!nextNoteStatus(seen.status, 'save', parties.actor).ok) return false;
  if (Date.parse(body.updatedAt) !== seen.updatedMs) return false;
  if (contentProblems(seen.definition, body.content, false).length > 0) return false;
  if (!(await diagnosesKnown(db, body.diagnosisCodes))) return false;
  // Saved every few seconds while typing: prepared once on the embedded database.
  const saved = await preparedRowsOf<{ id: number }>(
    db,
    sql`update chart_notes set content = ${JSON.stringify(body.content)}::jsonb,
          diagnoses = ${textArray(body.diagnosisCodes)}, updated_at = ${now.toISOString()}
        where id = ${noteId} and xmin = ${seen.version}::xid
        returning id`,
  );
  return saved.length > 0;
}

/** A draft save while typing; refused if someone saved since the editor loaded. */
export async function saveDraft(
  db: Db,
  who: ChartActor,
  noteId: number,
  body: DraftBody,
  now: Date,
  /** The note as the gate's statement read it, when the route read it there. */
  seen: DraftFacts | null = null,
): Promise<Date> {
  if (seen && (await savedAsRead(db, who, noteId, body, now, seen))) return now;
  const { note, parties } = await lockedForChange(db, who, noteId, now);
  allowedStatus(nextNoteStatus(note.status, 'save', parties.actor));
  if (Date.parse(body.updatedAt) !== note.updatedAt.getTime()) {
    throw conflict(CHARTING_MESSAGES.changedElsewhere);
  }
  checkContent(note, body.content, false);
  await checkDiagnoses(db, body.diagnosisCodes);
  await db.execute(
    sql`update chart_notes set content = ${JSON.stringify(body.content)}::jsonb,
          diagnoses = ${textArray(body.diagnosisCodes)}, updated_at = ${now.toISOString()}
        where id = ${note.id}`,
  );
  return now;
}

function reviewerFor(parties: NoteParties, requested: number | undefined): number {
  const { supervisors } = parties;
  if (requested === undefined) {
    if (supervisors.length === 1 && supervisors[0]) return supervisors[0].therapistId;
    throw badRequest(CHARTING_MESSAGES.chooseSupervisor, 'reviewerTherapistId');
  }
  if (!supervisors.some((s) => s.therapistId === requested)) {
    throw badRequest(CHARTING_MESSAGES.notASupervisor, 'reviewerTherapistId');
  }
  return requested;
}

/** The author signs: locked at once, or for a supervisee sent to a supervisor. */
export async function signNote(
  db: Db,
  who: ChartActor,
  noteId: number,
  body: { reviewerTherapistId?: number | undefined },
  now: Date,
): Promise<void> {
  const { note, parties } = await lockedForChange(db, who, noteId, now);
  const status = allowedStatus(nextNoteStatus(note.status, 'sign', parties.actor));
  checkContent(note, note.content, true);
  const hash = contentHash(signedHeader(note), note.content);
  await addSignature(db, who, { noteId, version: note.version, role: 'author', hash, at: now });
  if (status === 'locked') {
    await lockVersion(db, note, hash, now);
    await addHistory(db, who, { noteId, action: 'signed', version: note.version, at: now });
    return;
  }
  const reviewer = reviewerFor(parties, body.reviewerTherapistId);
  await db.execute(
    sql`update chart_notes set status = 'pendingreview', reviewer_therapist_id = ${reviewer},
          updated_at = ${now.toISOString()} where id = ${noteId}`,
  );
  await addHistory(db, who, { noteId, action: 'sent', version: note.version, at: now });
}

/** The supervisor returns the note with what should change. */
export async function returnNote(
  db: Db,
  who: ChartActor,
  noteId: number,
  comment: string,
  now: Date,
): Promise<void> {
  const { note, parties } = await lockedForChange(db, who, noteId, now);
  allowedStatus(nextNoteStatus(note.status, 'return', parties.actor));
  if (comment.trim() === '') throw badRequest(NOTE_MESSAGES.emptyFeedback, 'comment');
  await db.execute(
    sql`update chart_notes set status = 'feedback', updated_at = ${now.toISOString()} where id = ${noteId}`,
  );
  await addHistory(db, who, {
    noteId,
    action: 'returned',
    version: note.version,
    comment,
    at: now,
  });
}

/** The supervisor co-signs: the note locks with both signatures. */
export async function cosignNote(db: Db, who: ChartActor, noteId: number, now: Date) {
  const { note, parties } = await lockedForChange(db, who, noteId, now);
  allowedStatus(nextNoteStatus(note.status, 'cosign', parties.actor));
  const hash = contentHash(signedHeader(note), note.content);
  await addSignature(db, who, {
    noteId,
    version: note.version,
    role: 'cosigner',
    hash,
    at: now,
  });
  await lockVersion(db, note, hash, now);
  await addHistory(db, who, { noteId, action: 'cosigned', version: note.version, at: now });
}

/** Where the practice allows it, a manager reopens a locked note as a new draft version. */
export async function unlockNote(
  db: Db,
  who: ChartActor,
  noteId: number,
  reason: string,
  now: Date,
): Promise<void> {
  const { note, parties } = await lockedForChange(db, who, noteId, now);
  allowedStatus(nextNoteStatus(note.status, 'unlock', parties.actor));
  await db.execute(
    sql`update chart_notes set status = 'draft', version = version + 1, locked_at = null,
          updated_at = ${now.toISOString()} where id = ${noteId}`,
  );
  await addHistory(db, who, {
    noteId,
    action: 'unlocked',
    version: note.version + 1,
    comment: reason,
    at: now,
  });
}
