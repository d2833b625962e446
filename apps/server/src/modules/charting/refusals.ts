import { NOTE_MESSAGES, type NoteMove } from '@openpractice/domain';
import { conflict, forbidden } from '../../platform/errors.ts';

/** Who-may refusals are 403; a move the note's state does not allow is 409. */
const FORBIDDEN_MESSAGES = new Set<string>([
  NOTE_MESSAGES.notAuthor,
  NOTE_MESSAGES.notSupervisor,
  NOTE_MESSAGES.unlockRefused,
]);

/** The new status, or the refusal as an error with the domain's message. */
export function allowedStatus(move: NoteMove) {
  if (move.ok) return move.status;
  throw FORBIDDEN_MESSAGES.has(move.message) ? forbidden(move.message) : conflict(move.message);
}

export const CHARTING_MESSAGES = {
  notHappened: 'A note can be written once the session has happened and the client attended.',
  notAppointment: 'Notes are written for appointments.',
  noCharting: 'This therapist does not use charting. Turn it on in the practice staff settings.',
  onlyTherapist: "Only the session's therapist can start its note.",
  changedElsewhere: 'This note was changed elsewhere. Reload to see the latest version.',
  chooseSupervisor: 'Choose the supervisor who reviews this note.',
  notASupervisor: 'That therapist does not supervise the author of this note.',
  unknownDiagnosis: 'One of the diagnosis codes is not a known ICD-10-CM code.',
  unknownTemplate: 'That note template was not found.',
  addendumOpen: 'Sign the open addendum before starting another.',
  addendumNeedsLock: 'Addenda are added to signed and locked notes.',
  addendumAuthor: 'Only the therapist who wrote the note can add an addendum.',
  emptyAddendum: 'Write the addendum before signing it.',
  billingNoteFirst:
    "Start the session's billing note first; family and collateral notes are added to it.",
  templateChangedElsewhere:
    'Someone saved a new version of this template just now. Reload to edit the latest.',
  noteNotFound: 'That note was not found.',
  addendumNotFound: 'That addendum was not found.',
} as const;
