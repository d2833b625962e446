/**
 * The charting module's door for the demo seed: notes are written, signed, reviewed and
 * given addenda by the same services the pages call (issue 17 item 12).
 */
export type { ChartActor } from './chart-actor.ts';
export { openNoteFor } from './open-note.ts';
export { cosignNote, returnNote, saveDraft, signNote } from './note-service.ts';
export { createAddendum, reviewAddendum, saveAddendum, signAddendum } from './addenda-service.ts';
