/**
 * The life of a progress note and of an addendum (issue 17 items 2 and 3).
 *
 * A licensed therapist signs a draft and it locks. A supervisee's note goes to a
 * supervisor instead (pendingreview), who returns it with comments (feedback) or
 * co-signs it (locked). A locked note never changes; unlocking, where the
 * practice allows it, opens a new draft version. Addenda follow the same moves.
 * The server asks `nextNoteStatus` before every change, so an illegal move is
 * refused with the message given here.
 */

export const NOTE_STATUSES = ['draft', 'pendingreview', 'feedback', 'locked'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

export const NOTE_ACTIONS = ['save', 'sign', 'return', 'cosign', 'unlock'] as const;
export type NoteAction = (typeof NOTE_ACTIONS)[number];

/** Who is acting, as far as the lifecycle cares. */
export type NoteActor = {
  /** The acting user wrote the note (is its therapist). */
  isAuthor: boolean;
  /** The acting user supervises the note's therapist. */
  isSupervisor: boolean;
  /** The note's therapist has a supervisor, so their signature alone does not lock it. */
  authorNeedsCosign: boolean;
  /** The practice's unlock rule allows this user to unlock this note now. */
  mayUnlock: boolean;
};

export type NoteMove = { ok: true; status: NoteStatus } | { ok: false; message: string };

export const NOTE_MESSAGES = {
  locked: 'This note is signed and locked. Add an addendum instead.',
  notAuthor: 'Only the therapist who wrote this note can change or sign it.',
  awaitingReview: 'This note is waiting for its supervisor. It can change once it is returned.',
  notSupervisor: "Only a supervisor of the note's therapist can review it.",
  notPending: 'Only a note sent for review can be returned or co-signed.',
  notLocked: 'Only a locked note can be unlocked.',
  unlockRefused: 'The practice does not allow this note to be unlocked.',
  emptyFeedback: 'Say what should change before returning the note.',
} as const;

const refuse = (message: string): NoteMove => ({ ok: false, message });
const to = (status: NoteStatus): NoteMove => ({ ok: true, status });

/** Saving and signing are the author's, while the note is theirs to edit (draft or feedback). */
function authorMove(status: NoteStatus, action: 'save' | 'sign', actor: NoteActor): NoteMove {
  if (status === 'locked') return refuse(NOTE_MESSAGES.locked);
  if (status === 'pendingreview') return refuse(NOTE_MESSAGES.awaitingReview);
  if (!actor.isAuthor) return refuse(NOTE_MESSAGES.notAuthor);
  if (action === 'save') return to(status);
  return to(actor.authorNeedsCosign ? 'pendingreview' : 'locked');
}

function reviewMove(status: NoteStatus, action: 'return' | 'cosign', actor: NoteActor): NoteMove {
  if (!actor.isSupervisor) return refuse(NOTE_MESSAGES.notSupervisor);
  if (status !== 'pendingreview') {
    return refuse(status === 'locked' ? NOTE_MESSAGES.locked : NOTE_MESSAGES.notPending);
  }
  return to(action === 'return' ? 'feedback' : 'locked');
}

/** The status after `action`, or why it is refused. */
export function nextNoteStatus(status: NoteStatus, action: NoteAction, actor: NoteActor): NoteMove {
  switch (action) {
    case 'save':
    case 'sign':
      return authorMove(status, action, actor);
    case 'return':
    case 'cosign':
      return reviewMove(status, action, actor);
    case 'unlock':
      if (status !== 'locked') return refuse(NOTE_MESSAGES.notLocked);
      return actor.mayUnlock ? to('draft') : refuse(NOTE_MESSAGES.unlockRefused);
  }
}

/** The practice's rule for unlocking a locked note (issue 17 item 2). */
export type NoteUnlockPolicy =
  { kind: 'never' } | { kind: 'within'; hours: number } | { kind: 'any' };

/** Managers only; 'within' counts from the moment the note locked. */
export function mayUnlockNote(
  policy: NoteUnlockPolicy,
  isManager: boolean,
  lockedAt: Date,
  now: Date,
): boolean {
  if (!isManager) return false;
  switch (policy.kind) {
    case 'never':
      return false;
    case 'any':
      return true;
    case 'within':
      return now.getTime() - lockedAt.getTime() <= policy.hours * 3_600_000;
  }
}

/** The spec's status constants (spec-1 §4 Current dashboard item). */
export const CHART_STATUS_CONSTANTS = {
  locked: 'chartstatus.locked',
  pendingreview: 'chartstatus.pendingreview',
  feedback: 'chartstatus.feedback',
  partiallyLocked: 'chartstatus.partially.locked',
  partiallyPendingreview: 'chartstatus.partially.pendingreview',
} as const;

export const ADDENDUM_STATUS_CONSTANTS = {
  pendingreview: 'chartaddendumstatus.pendingreview',
  feedback: 'chartaddendumstatus.feedback',
} as const;

/** What the dashboard and the records list say of a status (anything else: to be completed). */
export function chartStatusLabel(constant: string | null): string {
  switch (constant) {
    case CHART_STATUS_CONSTANTS.locked:
      return 'Signed and locked';
    case CHART_STATUS_CONSTANTS.pendingreview:
    case ADDENDUM_STATUS_CONSTANTS.pendingreview:
      return 'Awaiting review';
    case CHART_STATUS_CONSTANTS.feedback:
    case ADDENDUM_STATUS_CONSTANTS.feedback:
      return 'Returned with feedback';
    case CHART_STATUS_CONSTANTS.partiallyLocked:
      return 'Partially locked';
    case CHART_STATUS_CONSTANTS.partiallyPendingreview:
      return 'Partially awaiting review';
    default:
      return 'To be completed';
  }
}

/** A single note's status as the spec's constant (a draft has none: to be completed). */
export function chartStatusConstant(status: NoteStatus): string | null {
  return status === 'draft' ? null : CHART_STATUS_CONSTANTS[status];
}

/** An addendum's status as the spec's constant; drafts and locked ones have none. */
export function addendumStatusConstant(status: NoteStatus): string | null {
  return status === 'pendingreview' || status === 'feedback'
    ? ADDENDUM_STATUS_CONSTANTS[status]
    : null;
}

/**
 * A group session's chart status from its members' parts: all locked is locked; some
 * locked is partially.locked; otherwise some awaiting review is partially.pendingreview
 * (or pendingreview when all are); feedback when any was returned; else to be completed.
 */
export function groupChartStatus(members: readonly NoteStatus[]): string | null {
  if (members.length === 0) return null;
  const count = (s: NoteStatus) => members.filter((m) => m === s).length;
  const locked = count('locked');
  const pending = count('pendingreview');
  if (locked === members.length) return CHART_STATUS_CONSTANTS.locked;
  if (locked > 0) return CHART_STATUS_CONSTANTS.partiallyLocked;
  if (pending === members.length) return CHART_STATUS_CONSTANTS.pendingreview;
  if (pending > 0) return CHART_STATUS_CONSTANTS.partiallyPendingreview;
  if (count('feedback') > 0) return CHART_STATUS_CONSTANTS.feedback;
  return null;
}
