/**
 * A form given to a client moves through five states (issue 18 item 2): assigned (nothing
 * answered yet), in progress (answers saved as the client goes), completed (submitted, the
 * server having checked the required items), signed (a typed-name signature made it a signed
 * document) and revoked (a signed consent or release withdrawn; the signed response stays as
 * it was, with the revocation beside it). Nothing moves backwards: a signed document is never
 * edited, and a revoked one is given again as a new assignment.
 */
export const ASSIGNMENT_STATES = [
  'assigned',
  'in_progress',
  'completed',
  'signed',
  'revoked',
] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

export const ASSIGNMENT_MOVES = ['save', 'submit', 'sign', 'revoke'] as const;
export type AssignmentMove = (typeof ASSIGNMENT_MOVES)[number];

export const ASSIGNMENT_STATE_LABELS: Record<AssignmentState, string> = {
  assigned: 'Assigned',
  in_progress: 'In progress',
  completed: 'Completed',
  signed: 'Signed',
  revoked: 'Revoked',
};

/** Why a move is refused in a state; the server answers 409 with it. */
export const ASSIGNMENT_REFUSALS = {
  closed: 'This form was already submitted and can no longer be changed.',
  signed: 'This form is signed and cannot change.',
  revoked: 'This form was revoked; assign it again for new answers.',
  notSubmitted: 'Submit the form before signing it.',
  noSignature: 'This form has no signature.',
  notSigned: 'Only a signed form can be revoked.',
} as const;

/**
 * The state after `move`, or the refusal. `signatureRequired` comes from the form's version:
 * only such forms are signed and so can later be revoked.
 */
export function nextAssignmentState(
  state: AssignmentState,
  move: AssignmentMove,
  signatureRequired: boolean,
): { state: AssignmentState } | { refused: string } {
  if (state === 'revoked') return { refused: ASSIGNMENT_REFUSALS.revoked };
  if (state === 'signed' && move !== 'revoke') return { refused: ASSIGNMENT_REFUSALS.signed };
  switch (move) {
    case 'save':
    case 'submit':
      if (state === 'completed') return { refused: ASSIGNMENT_REFUSALS.closed };
      return { state: move === 'save' ? 'in_progress' : 'completed' };
    case 'sign':
      if (!signatureRequired) return { refused: ASSIGNMENT_REFUSALS.noSignature };
      if (state !== 'completed') return { refused: ASSIGNMENT_REFUSALS.notSubmitted };
      return { state: 'signed' };
    case 'revoke':
      if (state !== 'signed') return { refused: ASSIGNMENT_REFUSALS.notSigned };
      return { state: 'revoked' };
  }
}

/** States in which the client still has work to do (the portal's to-do and listPendingForms). */
export const OPEN_ASSIGNMENT_STATES: readonly AssignmentState[] = ['assigned', 'in_progress'];

/** Typed-name signature: the client's (or staff member's) full name, as they type it. */
export const SIGNATURE_LIMITS = { name: 200 } as const;
