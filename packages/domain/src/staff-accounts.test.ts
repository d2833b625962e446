import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  accountStatusAfter,
  disableProblem,
  grantableAuthorities,
  mayManageAccount,
  ROLE_MESSAGES,
  roleChangeProblem,
  staffPasswordProblem,
  STAFF_AUTHORITY_VALUES,
  type AccountEvent,
  type AccountStatus,
} from './staff-accounts.ts';

describe('accountStatusAfter', () => {
  const cases: [AccountStatus, AccountEvent, boolean, string][] = [
    ['INITIAL', 'activation_sent', false, 'ACTIVATION_LINK_SENT'],
    ['ACTIVATION_LINK_SENT', 'activation_sent', false, 'ACTIVATION_LINK_SENT'],
    ['ENABLED', 'activation_sent', true, ACCOUNT_MESSAGES.alreadyActive],
    ['PASSWORD_RESET_LINK_SENT', 'activation_sent', true, ACCOUNT_MESSAGES.alreadyActive],
    ['DISABLED', 'activation_sent', false, ACCOUNT_MESSAGES.disabled],
    ['ENABLED', 'reset_sent', true, 'PASSWORD_RESET_LINK_SENT'],
    ['PASSWORD_RESET_LINK_SENT', 'reset_sent', true, 'PASSWORD_RESET_LINK_SENT'],
    ['PASSWORD_RESET_REQUIRED', 'reset_sent', true, 'PASSWORD_RESET_LINK_SENT'],
    ['INITIAL', 'reset_sent', false, ACCOUNT_MESSAGES.notActivated],
    ['ACTIVATION_LINK_SENT', 'reset_sent', false, ACCOUNT_MESSAGES.notActivated],
    ['DISABLED', 'reset_sent', true, ACCOUNT_MESSAGES.disabled],
    ['ACTIVATION_LINK_SENT', 'activated', false, 'ENABLED'],
    ['INITIAL', 'activated', false, ACCOUNT_MESSAGES.linkUnused],
    ['ENABLED', 'activated', true, ACCOUNT_MESSAGES.linkUnused],
    ['DISABLED', 'activated', false, ACCOUNT_MESSAGES.disabled],
    ['PASSWORD_RESET_LINK_SENT', 'password_reset', true, 'ENABLED'],
    ['PASSWORD_RESET_REQUIRED', 'password_reset', true, 'ENABLED'],
    ['ACTIVATION_LINK_SENT', 'password_reset', false, ACCOUNT_MESSAGES.linkUnused],
    ['DISABLED', 'password_reset', true, ACCOUNT_MESSAGES.disabled],
    ['ENABLED', 'disable', true, 'DISABLED'],
    ['ACTIVATION_LINK_SENT', 'disable', false, 'DISABLED'],
    ['DISABLED', 'disable', true, ACCOUNT_MESSAGES.disabled],
    ['DISABLED', 'enable', true, 'ENABLED'],
    ['DISABLED', 'enable', false, 'INITIAL'],
    ['ENABLED', 'enable', true, ACCOUNT_MESSAGES.notDisabled],
  ];
  it.each(cases)('%s + %s (activated %s) → %s', (status, event, activated, expected) => {
    const result = accountStatusAfter(status, event, activated);
    expect(result.ok ? result.status : result.message).toBe(expected);
  });
});

describe('grantableAuthorities', () => {
  const cases: [string, string[], string[]][] = [
    ['an owner grants everything', ['customer.owner'], [...STAFF_AUTHORITY_VALUES]],
    [
      'a manager grants all but owner',
      ['customer.manager'],
      STAFF_AUTHORITY_VALUES.filter((a) => a !== 'customer.owner'),
    ],
    [
      'a staff administrator grants neither owner nor manager',
      ['customer.staffadministrator'],
      STAFF_AUTHORITY_VALUES.filter((a) => a !== 'customer.owner' && a !== 'customer.manager'),
    ],
    ['a therapist grants nothing', ['customer.therapist'], []],
    ['a biller grants nothing', ['customer.frontoffice', 'customer.biller'], []],
    ['support staff grant nothing here', ['ta.admin', 'ta.impersonation'], []],
  ];
  it.each(cases)('%s', (_name, actor, expected) => {
    expect(grantableAuthorities(actor)).toEqual(expected);
  });

  it('never offers patient or internal authorities', () => {
    for (const a of grantableAuthorities(['customer.owner'])) expect(a).toMatch(/^customer\./);
  });
});

describe('mayManageAccount', () => {
  const cases: [string, string[], string[], boolean][] = [
    ['owner → manager', ['customer.owner'], ['customer.manager'], true],
    ['manager → owner', ['customer.manager'], ['customer.owner'], false],
    ['manager → manager', ['customer.manager'], ['customer.manager'], true],
    ['staff admin → therapist', ['customer.staffadministrator'], ['customer.therapist'], true],
    ['staff admin → manager', ['customer.staffadministrator'], ['customer.manager'], false],
    [
      'staff admin → owner who is a therapist',
      ['customer.staffadministrator'],
      ['customer.owner', 'customer.therapist'],
      false,
    ],
    ['therapist → therapist', ['customer.therapist'], ['customer.therapist'], false],
  ];
  it.each(cases)('%s: %s', (_name, actor, target, expected) => {
    expect(mayManageAccount(actor, target)).toBe(expected);
  });
});

describe('roleChangeProblem', () => {
  const owner = { userId: 1, authorities: ['customer.owner'] };
  const manager = { userId: 2, authorities: ['customer.manager'] };
  const admin = { userId: 3, authorities: ['customer.staffadministrator'] };
  const therapist = { userId: 4, authorities: ['customer.therapist'] };
  const cases: [string, typeof owner, typeof owner, string[], number, string | null][] = [
    ['owner makes a therapist a manager', owner, therapist, ['customer.manager'], 1, null],
    ['owner makes a therapist an owner', owner, therapist, ['customer.owner'], 1, null],
    [
      'manager makes a therapist an owner',
      manager,
      therapist,
      ['customer.owner'],
      1,
      ROLE_MESSAGES.notGrantable('Owner'),
    ],
    [
      'staff admin grants manager',
      admin,
      therapist,
      ['customer.therapist', 'customer.manager'],
      1,
      ROLE_MESSAGES.notGrantable('Manager'),
    ],
    [
      'staff admin grants owner',
      admin,
      therapist,
      ['customer.owner'],
      1,
      ROLE_MESSAGES.notGrantable('Owner'),
    ],
    [
      'staff admin adds biller',
      admin,
      therapist,
      ['customer.therapist', 'customer.biller'],
      1,
      null,
    ],
    [
      'staff admin changes a manager',
      admin,
      manager,
      ['customer.manager', 'customer.biller'],
      1,
      ROLE_MESSAGES.notYours,
    ],
    ['the last owner drops owner', owner, owner, ['customer.manager'], 0, ROLE_MESSAGES.ownRoles],
    [
      'the last owner drops owner and keeps nothing new',
      { userId: 1, authorities: ['customer.owner', 'customer.therapist'] },
      { userId: 1, authorities: ['customer.owner', 'customer.therapist'] },
      ['customer.therapist'],
      0,
      ROLE_MESSAGES.lastOwner,
    ],
    [
      'an owner drops owner while another owner remains',
      { userId: 1, authorities: ['customer.owner', 'customer.therapist'] },
      { userId: 1, authorities: ['customer.owner', 'customer.therapist'] },
      ['customer.therapist'],
      1,
      null,
    ],
    [
      'an owner removes the last other owner',
      owner,
      { userId: 9, authorities: ['customer.owner'] },
      ['customer.therapist'],
      0,
      ROLE_MESSAGES.lastOwner,
    ],
    [
      'a manager raises their own roles',
      manager,
      manager,
      ['customer.manager', 'customer.biller'],
      1,
      ROLE_MESSAGES.ownRoles,
    ],
    [
      'a staff admin gives themselves manager',
      admin,
      admin,
      ['customer.staffadministrator', 'customer.manager'],
      1,
      ROLE_MESSAGES.ownRoles,
    ],
    [
      'a manager drops their own biller role',
      { userId: 2, authorities: ['customer.manager', 'customer.biller'] },
      { userId: 2, authorities: ['customer.manager', 'customer.biller'] },
      ['customer.manager'],
      1,
      null,
    ],
    ['no roles at all', owner, therapist, [], 1, ROLE_MESSAGES.noRoles],
    [
      'a therapist changes a colleague',
      therapist,
      { userId: 5, authorities: ['customer.therapist'] },
      ['customer.therapist', 'customer.biller'],
      1,
      ROLE_MESSAGES.notYours,
    ],
  ];
  it.each(cases)('%s', (_name, actor, target, next, otherActiveOwners, expected) => {
    expect(roleChangeProblem({ actor, target, next, otherActiveOwners })).toBe(expected);
  });
});

describe('disableProblem', () => {
  const owner = { userId: 1, authorities: ['customer.owner'] };
  const cases: [string, typeof owner, typeof owner, number, string | null][] = [
    ['disabling oneself', owner, owner, 1, ROLE_MESSAGES.disableSelf],
    [
      'disabling the last other owner',
      owner,
      { userId: 2, authorities: ['customer.owner'] },
      0,
      ROLE_MESSAGES.lastOwner,
    ],
    ['an owner disables an owner', owner, { userId: 2, authorities: ['customer.owner'] }, 1, null],
    [
      'a staff admin disables a manager',
      { userId: 3, authorities: ['customer.staffadministrator'] },
      { userId: 2, authorities: ['customer.manager'] },
      1,
      ROLE_MESSAGES.notYours,
    ],
    [
      'a staff admin disables a therapist',
      { userId: 3, authorities: ['customer.staffadministrator'] },
      { userId: 4, authorities: ['customer.therapist'] },
      1,
      null,
    ],
  ];
  it.each(cases)('%s', (_name, actor, target, otherActiveOwners, expected) => {
    expect(disableProblem({ actor, target, otherActiveOwners })).toBe(expected);
  });
});

describe('staffPasswordProblem', () => {
  const cases: [string, string, string | null][] = [
    ['short-1', 'ann', 'Must be at least 10 characters'],
    ['x'.repeat(129), 'ann', 'Must be at most 128 characters'],
    ['my-ann-password', 'ann', 'The password must not contain the username.'],
    ['aaaaabbbbbb', 'ann', 'The password repeats too few characters; choose another.'],
    ['Harbour-lights-2026', 'ann', null],
  ];
  it.each(cases)('%s', (password, username, expected) => {
    expect(staffPasswordProblem(password, username)).toBe(expected);
  });
});
