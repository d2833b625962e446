import type { Addendum, NoteActions } from '../api/notes';

export type NoteActionKind =
  'sign' | 'sendForReview' | 'returnWithFeedback' | 'cosign' | 'unlock' | 'addAddendum';

/** The buttons a note offers the caller, from what the server says they may do now. */
export function offeredNoteActions(actions: NoteActions): NoteActionKind[] {
  const offered: NoteActionKind[] = [];
  if (actions.canSign) offered.push(actions.signSendsForReview ? 'sendForReview' : 'sign');
  if (actions.canReview) offered.push('returnWithFeedback', 'cosign');
  if (actions.canUnlock) offered.push('unlock');
  if (actions.canAddAddendum) offered.push('addAddendum');
  return offered;
}

/** The note is drawn as a form only while the caller may change it; otherwise to read. */
export function isEditable(actions: NoteActions): boolean {
  return actions.canEdit;
}

export type AddendumActionKind =
  'edit' | 'sign' | 'sendForReview' | 'returnWithFeedback' | 'cosign';

/** An addendum's buttons: its author writes and signs it (or sends it), its reviewer reviews it. */
export function offeredAddendumActions(
  addendum: Addendum,
  signSendsForReview: boolean,
): AddendumActionKind[] {
  const offered: AddendumActionKind[] = [];
  if (addendum.canEdit) offered.push('edit', signSendsForReview ? 'sendForReview' : 'sign');
  if (addendum.canReview) offered.push('returnWithFeedback', 'cosign');
  return offered;
}
