import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_REFUSALS as R,
  nextAssignmentState,
  type AssignmentMove,
  type AssignmentState,
} from './assignment-states.ts';

describe('assignment moves', () => {
  it.each<[AssignmentState, AssignmentMove, boolean, string]>([
    ['assigned', 'save', false, 'in_progress'],
    ['in_progress', 'save', false, 'in_progress'],
    ['assigned', 'submit', false, 'completed'],
    ['in_progress', 'submit', true, 'completed'],
    ['completed', 'save', false, R.closed],
    ['completed', 'submit', false, R.closed],
    ['completed', 'sign', true, 'signed'],
    ['completed', 'sign', false, R.noSignature],
    ['in_progress', 'sign', true, R.notSubmitted],
    ['signed', 'save', true, R.signed],
    ['signed', 'sign', true, R.signed],
    ['signed', 'revoke', true, 'revoked'],
    ['completed', 'revoke', true, R.notSigned],
    ['assigned', 'revoke', true, R.notSigned],
    ['revoked', 'save', true, R.revoked],
    ['revoked', 'revoke', true, R.revoked],
  ])('%s + %s (signature %s) → %s', (state, move, signature, expected) => {
    const next = nextAssignmentState(state, move, signature);
    expect('state' in next ? next.state : next.refused).toBe(expected);
  });
});
