import type { NoteStatus, NoteTemplateDefinition } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { practiceScope } from '../../platform/access.ts';
import type { ClientLocator } from '../../platform/route-audit.ts';
import { CLINICAL } from './clinical-need.ts';
import type { Supervisor } from './note-actors.ts';

/**
 * Saving a draft while typing (every few seconds): the note's client and what the save
 * decides on are read in the client gate's own statement, so a save is the gate, the
 * update and its audit row. The save then updates only the row version it read (`xmin`);
 * when the note changed since, or a check refuses, the locked path decides as it always
 * did (note-service.ts saveDraft), so answers and races come out the same.
 */

/** What a draft save decides on, as the gate's statement read it (without a lock). */
export type DraftFacts = {
  /** The row version read: the update applies only if the note is still that version. */
  version: string;
  status: NoteStatus;
  therapistId: number;
  reviewerTherapistId: number | null;
  /** Milliseconds since the epoch, truncated as the drivers' dates are. */
  updatedMs: number;
  lockedMs: number | null;
  practiceId: number;
  definition: NoteTemplateDefinition;
  supervisors: Supervisor[];
};

const noteIdOf = (request: FastifyRequest) => (request.params as { noteId: number }).noteId;

/**
 * The note in the practice with its template and its author's supervisors (as
 * `noteForChange` reads them), or null: `chart_note_draft_facts` (migration 0041), a
 * function so that its plan is kept per connection rather than made on every save. The
 * route reads it in the gate's statement and the handler gets it only once the gate passes;
 * it is only a reading: nothing is locked before the gate has decided.
 */
export function draftFactsSql(noteId: number, practiceId: number): SQL {
  return sql`select chart_note_draft_facts(${noteId}::int, ${practiceId}::int)`;
}

/**
 * The draft save's client: the note's, found in the gate's statement (the same lookup as
 * `clientOfNote`, so a missing note still reaches the handler's 404), gated for clinical
 * access, with the note's facts read alongside.
 */
export const draftSaveClient: ClientLocator & {
  need: typeof CLINICAL;
  alongside: (request: FastifyRequest) => SQL;
} = {
  resolveInGate: (request) =>
    sql`select client_id from chart_notes where id = ${noteIdOf(request)}`,
  need: CLINICAL,
  alongside: (request) => draftFactsSql(noteIdOf(request), practiceScope(request)),
};
