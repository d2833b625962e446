import {
  compactAnswers,
  sameAnswers,
  type Answers,
  type RenderableTemplate,
} from '../form-renderer';
import type { Diagnosis, NoteDetail } from '../api/notes';

/** What the note editor saves: the answers and the diagnoses in claim order. */
export type NoteDraft = { content: Answers; diagnoses: Diagnosis[] };

export const noteDraftKey = (noteId: number) => `note-${noteId}`;

export function draftOfNote(note: NoteDetail): NoteDraft {
  return { content: compactAnswers(note.template, note.content), diagnoses: note.diagnoses };
}

/** Two drafts say the same (answers whatever their blanks, the same codes in the same order). */
export function sameDraft(template: RenderableTemplate, a: NoteDraft, b: NoteDraft): boolean {
  return (
    sameAnswers(template, a.content, b.content) &&
    a.diagnoses.map((d) => d.code).join(' ') === b.diagnoses.map((d) => d.code).join(' ')
  );
}

/** A left-over local copy is worth offering when it is well formed and differs from the server's. */
export function shouldOfferRestore(
  note: NoteDetail,
  leftOver: NoteDraft | null | undefined,
): boolean {
  if (!leftOver || typeof leftOver !== 'object') return false;
  if (typeof leftOver.content !== 'object' || !Array.isArray(leftOver.diagnoses)) return false;
  return note.actions.canEdit && !sameDraft(note.template, leftOver, draftOfNote(note));
}
