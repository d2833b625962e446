import { canonicalJson, type NoteContent } from '@openpractice/domain';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { sessionMayBeBilled } from '../../platform/billable-sessions.ts';
import type { ChartHistoryAction, SignerRole } from '../../db/schema/index.ts';
import type { ChartActor } from './chart-actor.ts';
import type { NoteRow } from './note-queries.ts';

/**
 * The rows every lifecycle step writes: history (with feedback), signatures over a
 * SHA-256 of the canonical content, and the locked version. All append-only: the
 * database refuses to change them afterwards (migration 0031).
 */

/** What a signature covers: the header a reader sees and the answers. */
export function signedHeader(note: NoteRow): Record<string, unknown> {
  return {
    clientId: note.clientId,
    sessionAt: note.sessionAt.toISOString(),
    durationMinutes: note.durationMinutes,
    cptCode: note.cptCode,
    placeOfService: note.placeOfService,
    telehealth: note.telehealth,
    diagnoses: note.diagnoses,
    templateId: note.templateId,
  };
}

export function contentHash(
  header: Record<string, unknown>,
  content: NoteContent | string,
): string {
  return createHash('sha256').update(canonicalJson({ header, content })).digest('hex');
}

export async function addHistory(
  db: Db,
  who: ChartActor,
  entry: {
    noteId: number;
    addendumId?: number | null;
    action: ChartHistoryAction;
    version: number;
    comment?: string | null;
    at: Date;
  },
): Promise<void> {
  await db.execute(
    sql`insert into chart_history (note_id, addendum_id, at, user_id, user_name, action, version, comment)
        values (${entry.noteId}, ${entry.addendumId ?? null}, ${entry.at.toISOString()},
                ${who.userId}, ${who.name}, ${entry.action},
                ${entry.version}, ${entry.comment ?? null})`,
  );
}

export async function addSignature(
  db: Db,
  who: ChartActor,
  entry: {
    noteId: number;
    addendumId?: number | null;
    version: number;
    role: SignerRole;
    hash: string;
    at: Date;
  },
): Promise<void> {
  await db.execute(
    sql`insert into chart_signatures (note_id, addendum_id, version, user_id, role, signer_name, signed_at, content_hash)
        values (${entry.noteId}, ${entry.addendumId ?? null}, ${entry.version}, ${who.userId},
                ${entry.role}, ${who.name}, ${entry.at.toISOString()}, ${entry.hash})`,
  );
}

/**
 * Locks the note's current content as its version, never to be changed. A locked billing
 * note may make its session billable (a practice that bills only signed sessions): billing
 * is told, in this transaction.
 */
export async function lockVersion(db: Db, note: NoteRow, hash: string, at: Date): Promise<void> {
  await db.execute(
    sql`insert into chart_note_versions (note_id, version, content, header, content_hash, locked_at)
        values (${note.id}, ${note.version}, ${JSON.stringify(note.content)}::jsonb,
                ${JSON.stringify(signedHeader(note))}::jsonb, ${hash}, ${at.toISOString()})`,
  );
  const [locked] = await rowsOf<{ attendeeId: number | null }>(
    db,
    sql`update chart_notes set status = 'locked', locked_at = ${at.toISOString()}, updated_at = ${at.toISOString()}
        where id = ${note.id}
        returning attendee_id as "attendeeId"`,
  );
  if (note.kind === 'progress' && note.isBillingNote && locked?.attendeeId) {
    await sessionMayBeBilled(db, {
      practiceId: note.practiceId,
      attendeeId: locked.attendeeId,
      userId: null,
      reason: 'noteSigned',
    });
  }
}
