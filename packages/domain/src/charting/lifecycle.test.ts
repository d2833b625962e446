import { describe, expect, it } from 'vitest';
import { mayReadClinicalNotes } from './access.ts';
import {
  groupChartStatus,
  mayUnlockNote,
  nextNoteStatus,
  NOTE_MESSAGES,
  type NoteAction,
  type NoteActor,
  type NoteStatus,
} from './lifecycle.ts';

const author: NoteActor = {
  isAuthor: true,
  isSupervisor: false,
  authorNeedsCosign: false,
  mayUnlock: false,
};
const supervisee: NoteActor = { ...author, authorNeedsCosign: true };
const supervisor: NoteActor = {
  isAuthor: false,
  isSupervisor: true,
  authorNeedsCosign: true,
  mayUnlock: false,
};
const stranger: NoteActor = {
  isAuthor: false,
  isSupervisor: false,
  authorNeedsCosign: false,
  mayUnlock: false,
};
const manager: NoteActor = { ...stranger, mayUnlock: true };

describe('note lifecycle', () => {
  const cases: [NoteStatus, NoteAction, string, NoteActor, string][] = [
    ['draft', 'save', 'author', author, 'draft'],
    ['draft', 'sign', 'licensed author', author, 'locked'],
    ['draft', 'sign', 'supervisee', supervisee, 'pendingreview'],
    ['feedback', 'save', 'supervisee', supervisee, 'feedback'],
    ['feedback', 'sign', 'supervisee resubmits', supervisee, 'pendingreview'],
    ['draft', 'save', 'stranger', stranger, NOTE_MESSAGES.notAuthor],
    ['draft', 'sign', 'supervisor of a draft', supervisor, NOTE_MESSAGES.notAuthor],
    ['pendingreview', 'save', 'supervisee', supervisee, NOTE_MESSAGES.awaitingReview],
    ['pendingreview', 'sign', 'supervisee', supervisee, NOTE_MESSAGES.awaitingReview],
    ['pendingreview', 'return', 'supervisor', supervisor, 'feedback'],
    ['pendingreview', 'cosign', 'supervisor', supervisor, 'locked'],
    ['pendingreview', 'cosign', 'supervisee', supervisee, NOTE_MESSAGES.notSupervisor],
    ['pendingreview', 'return', 'stranger', stranger, NOTE_MESSAGES.notSupervisor],
    ['draft', 'cosign', 'supervisor', supervisor, NOTE_MESSAGES.notPending],
    ['feedback', 'return', 'supervisor', supervisor, NOTE_MESSAGES.notPending],
    ['locked', 'save', 'author', author, NOTE_MESSAGES.locked],
    ['locked', 'sign', 'author', author, NOTE_MESSAGES.locked],
    ['locked', 'cosign', 'supervisor', supervisor, NOTE_MESSAGES.locked],
    ['locked', 'unlock', 'manager allowed', manager, 'draft'],
    ['locked', 'unlock', 'not allowed', author, NOTE_MESSAGES.unlockRefused],
    ['draft', 'unlock', 'manager', manager, NOTE_MESSAGES.notLocked],
  ];
  it.each(cases)('%s + %s by %s', (status, action, _who, actor, expected) => {
    const move = nextNoteStatus(status, action, actor);
    if (move.ok) expect(move.status).toBe(expected);
    else expect(move.message).toBe(expected);
  });
});

describe('unlock policy', () => {
  const lockedAt = new Date('2026-11-01T10:00:00Z');
  const later = (hours: number) => new Date(lockedAt.getTime() + hours * 3_600_000);
  it.each([
    [{ kind: 'never' } as const, true, 1, false],
    [{ kind: 'any' } as const, true, 10_000, true],
    [{ kind: 'any' } as const, false, 1, false],
    [{ kind: 'within', hours: 24 } as const, true, 23.9, true],
    [{ kind: 'within', hours: 24 } as const, true, 24, true],
    [{ kind: 'within', hours: 24 } as const, true, 24.1, false],
    [{ kind: 'within', hours: 24 } as const, false, 1, false],
  ])('%j, manager %s, after %s h: %s', (policy, isManager, hours, expected) => {
    expect(mayUnlockNote(policy, isManager, lockedAt, later(hours))).toBe(expected);
  });
});

describe('group chart status', () => {
  it.each([
    [[], null],
    [['locked', 'locked'], 'chartstatus.locked'],
    [['locked', 'draft'], 'chartstatus.partially.locked'],
    [['locked', 'pendingreview'], 'chartstatus.partially.locked'],
    [['pendingreview', 'pendingreview'], 'chartstatus.pendingreview'],
    [['pendingreview', 'draft'], 'chartstatus.partially.pendingreview'],
    [['feedback', 'draft'], 'chartstatus.feedback'],
    [['draft', 'draft'], null],
  ] as [NoteStatus[], string | null][])('%j → %s', (members, expected) => {
    expect(groupChartStatus(members)).toBe(expected);
  });
});

describe('who reads clinical notes', () => {
  const none = { isTherapist: false, isSupervisor: false, isCustodian: false };
  it.each([
    [['customer.therapist'], { ...none, isTherapist: true }, true],
    [['customer.therapist'], { ...none, isSupervisor: true }, true],
    [['customer.phisupervisor'], { ...none, isCustodian: true }, true],
    [['customer.manager'], none, true],
    [['customer.owner'], none, true],
    [['customer.therapist'], none, false],
    [['customer.biller'], none, false],
    [['customer.scheduler', 'customer.frontoffice'], none, false],
    [['customer.staffadministrator'], none, false],
  ])('%j %j → %s', (authorities, relation, expected) => {
    expect(mayReadClinicalNotes(authorities, relation)).toBe(expected);
  });
});
