/**
 * Staff accounts of a practice (issue 16 item 1): the account status a staff
 * member's sign-in goes through (spec-1 §3 User account status values), and
 * who may grant which authorities (spec-1 §6). Pure rules shared by the
 * server (which enforces them) and the staff page (which offers only what is
 * allowed).
 */
import { PASSWORD_MAX_LENGTH, PORTAL_PASSWORD_MIN_LENGTH } from './constants.ts';
import { hasRole, type Authority } from './roles.ts';

// --- Account status --------------------------------------------------------------

export const ACCOUNT_STATUSES = [
  'INITIAL',
  'ACTIVATION_LINK_SENT',
  'PASSWORD_RESET_LINK_SENT',
  'PASSWORD_RESET_REQUIRED',
  'ENABLED',
  'DISABLED',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function isAccountStatus(value: string): value is AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value);
}

/** What can happen to a staff account. */
export type AccountEvent =
  /** An activation email went out (the invitation or a resend). */
  | 'activation_sent'
  /** A password reset email went out. */
  | 'reset_sent'
  /** The person set a password from an activation link. */
  | 'activated'
  /** The person set a password from a reset link. */
  | 'password_reset'
  | 'disable'
  | 'enable';

export type StatusChange = { ok: true; status: AccountStatus } | { ok: false; message: string };

export const ACCOUNT_MESSAGES = {
  disabled: 'This account is disabled. Enable it first.',
  alreadyActive: 'This person has already activated their account. Send a password reset instead.',
  notActivated: 'This person has not activated their account yet. Resend the activation email.',
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  linkUnused: 'This link is no longer valid.',
} as const;

const refuse = (message: string): StatusChange => ({ ok: false, message });
const to = (status: AccountStatus): StatusChange => ({ ok: true, status });

/** Never activated: no password of the person's own yet. */
const PENDING: readonly AccountStatus[] = ['INITIAL', 'ACTIVATION_LINK_SENT'];

/**
 * The status after an event, or why the event cannot happen now.
 * `activated` says whether the person has ever set a password of their own
 * (an enabled account returns to where it was: ENABLED, or INITIAL when the
 * person never activated).
 */
export function accountStatusAfter(
  status: AccountStatus,
  event: AccountEvent,
  activated: boolean,
): StatusChange {
  if (status === 'DISABLED' && event !== 'enable') return refuse(ACCOUNT_MESSAGES.disabled);
  switch (event) {
    case 'activation_sent':
      return PENDING.includes(status)
        ? to('ACTIVATION_LINK_SENT')
        : refuse(ACCOUNT_MESSAGES.alreadyActive);
    case 'reset_sent':
      return PENDING.includes(status)
        ? refuse(ACCOUNT_MESSAGES.notActivated)
        : to('PASSWORD_RESET_LINK_SENT');
    case 'activated':
      return status === 'ACTIVATION_LINK_SENT'
        ? to('ENABLED')
        : refuse(ACCOUNT_MESSAGES.linkUnused);
    case 'password_reset':
      return PENDING.includes(status) ? refuse(ACCOUNT_MESSAGES.linkUnused) : to('ENABLED');
    case 'disable':
      return to('DISABLED');
    case 'enable':
      if (status !== 'DISABLED') return refuse(ACCOUNT_MESSAGES.notDisabled);
      return to(activated ? 'ENABLED' : 'INITIAL');
  }
}

/** The status in plain words, for the staff list. */
export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  INITIAL: 'Not invited yet',
  ACTIVATION_LINK_SENT: 'Invitation sent',
  PASSWORD_RESET_LINK_SENT: 'Password reset sent',
  PASSWORD_RESET_REQUIRED: 'Must reset password',
  ENABLED: 'Active',
  DISABLED: 'Disabled',
};

// --- Staff passwords ---------------------------------------------------------------

/** A staff password's problem (as for the owner created on the command line), or null. */
export function staffPasswordProblem(password: string, username: string): string | null {
  if (password.length < PORTAL_PASSWORD_MIN_LENGTH)
    return `Must be at least ${PORTAL_PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (username && password.toLowerCase().includes(username.toLowerCase()))
    return 'The password must not contain the username.';
  if (new Set(password).size < 5) return 'The password repeats too few characters; choose another.';
  return null;
}

// --- Authorities a practice grants ---------------------------------------------------

/**
 * The practice authorities the staff page offers, in the order shown, each
 * with what it lets the person do in plain words (the derived roles of
 * spec-1 §6 it feeds). Patient and internal-support authorities are never
 * granted here.
 */
export const STAFF_AUTHORITIES = [
  {
    authority: 'customer.owner',
    label: 'Owner',
    explains:
      'Everything a manager can do, plus practice-wide reports and granting or removing the owner role.',
  },
  {
    authority: 'customer.manager',
    label: 'Manager',
    explains:
      'Runs the practice: every client, the calendar, billing and payments, and the Settings button.',
  },
  {
    authority: 'customer.staffadministrator',
    label: 'Staff administrator',
    explains:
      'Sees the Settings button and manages staff accounts, but cannot grant owner or manager.',
  },
  {
    authority: 'customer.therapist',
    label: 'Therapist',
    explains: 'Sees their own clients and calendar, books appointments and keeps availability.',
  },
  {
    authority: 'customer.scheduler',
    label: 'Scheduler',
    explains: 'Books appointments for any therapist and sees every client’s demographics.',
  },
  {
    authority: 'customer.frontoffice',
    label: 'Front office',
    explains: 'Sees the practice calendar and checks clients in.',
  },
  {
    authority: 'customer.biller',
    label: 'Biller',
    explains: 'Billing, payments and financial reports; sees every client’s demographics.',
  },
  {
    authority: 'customer.phisupervisor',
    label: 'Custodian of records',
    explains: 'Supervises the practice’s health records (record requests and releases).',
  },
  {
    authority: 'customer.remotetherapist',
    label: 'Telehealth therapist',
    explains: 'Sees clients by video from outside the office.',
  },
  {
    authority: 'customer.dosespot',
    label: 'E-prescribing',
    explains: 'With the therapist role: prescribes through the embedded prescribing service.',
  },
  {
    authority: 'customer.prescribingagent',
    label: 'Prescribing agent',
    explains: 'Prepares prescriptions for a prescribing therapist to sign.',
  },
  {
    authority: 'customer.therapist.financial',
    label: 'Therapist: financial',
    explains: 'A therapist who also sees the financial dashboard and billing of their clients.',
  },
  {
    authority: 'customer.therapist.payment',
    label: 'Therapist: payments',
    explains: 'A therapist who also takes payments from their clients.',
  },
  {
    authority: 'customer.manager.reporting',
    label: 'Manager reporting',
    explains: 'Opens the reports; with the manager role, practice-wide reports.',
  },
  {
    authority: 'customer.therapist.reporting',
    label: 'Therapist reporting',
    explains: 'Opens the reports for their own clients.',
  },
] as const satisfies readonly { authority: Authority; label: string; explains: string }[];

export type StaffAuthority = (typeof STAFF_AUTHORITIES)[number]['authority'];

export const STAFF_AUTHORITY_VALUES: readonly StaffAuthority[] = STAFF_AUTHORITIES.map(
  (a) => a.authority,
);

export function isStaffAuthority(value: string): value is StaffAuthority {
  return (STAFF_AUTHORITY_VALUES as readonly string[]).includes(value);
}

/** The authorities someone with these authorities may grant or remove (an empty list: none). */
export function grantableAuthorities(actor: readonly string[]): StaffAuthority[] {
  if (hasRole(actor, 'owner')) return [...STAFF_AUTHORITY_VALUES];
  if (hasRole(actor, 'manager'))
    return STAFF_AUTHORITY_VALUES.filter((a) => a !== 'customer.owner');
  if (hasRole(actor, 'staffAdministrator'))
    return STAFF_AUTHORITY_VALUES.filter((a) => a !== 'customer.owner' && a !== 'customer.manager');
  return [];
}

/**
 * Whether the actor may change another person's account (details, roles,
 * emails, disable): only when every authority that person holds is one the
 * actor could grant. So a staff administrator cannot touch a manager's
 * account (changing their email and sending a reset would take it over), nor
 * a manager an owner's.
 */
export function mayManageAccount(actor: readonly string[], target: readonly string[]): boolean {
  const grantable = new Set<string>(grantableAuthorities(actor));
  if (grantable.size === 0) return false;
  return target.filter((a) => a.startsWith('customer.')).every((a) => grantable.has(a));
}

export const ROLE_MESSAGES = {
  notGrantable: (label: string) => `You cannot grant or remove the ${label} role.`,
  ownRoles: 'You cannot give yourself roles you do not have.',
  lastOwner: 'The practice must keep at least one active owner.',
  notYours: 'You cannot change the account of someone with roles you cannot grant.',
  disableSelf: 'You cannot disable your own account.',
  noRoles: 'Choose at least one role.',
} as const;

const labelOf = (authority: string) =>
  STAFF_AUTHORITIES.find((a) => a.authority === authority)?.label ?? authority;

export type RoleChange = {
  actor: { userId: number; authorities: readonly string[] };
  target: { userId: number; authorities: readonly string[] };
  next: readonly string[];
  /** Active owners of the practice other than the target. */
  otherActiveOwners: number;
};

/** Why this change of the target's roles is refused, or null when it may be made. */
export function roleChangeProblem(change: RoleChange): string | null {
  const { actor, target, next } = change;
  const before = new Set(target.authorities.filter((a) => a.startsWith('customer.')));
  const after = new Set(next);
  if (after.size === 0) return ROLE_MESSAGES.noRoles;
  const added = [...after].filter((a) => !before.has(a));
  const removed = [...before].filter((a) => !after.has(a));
  const self = actor.userId === target.userId;
  if (self && added.length > 0) return ROLE_MESSAGES.ownRoles;
  if (!self && !mayManageAccount(actor.authorities, target.authorities))
    return ROLE_MESSAGES.notYours;
  const grantable = new Set<string>(grantableAuthorities(actor.authorities));
  const refused = [...added, ...removed].find((a) => !grantable.has(a));
  if (refused !== undefined) return ROLE_MESSAGES.notGrantable(labelOf(refused));
  if (removed.includes('customer.owner') && change.otherActiveOwners === 0)
    return ROLE_MESSAGES.lastOwner;
  return null;
}

/** Why the actor may not disable the target, or null. */
export function disableProblem(change: Omit<RoleChange, 'next'>): string | null {
  if (change.actor.userId === change.target.userId) return ROLE_MESSAGES.disableSelf;
  if (!mayManageAccount(change.actor.authorities, change.target.authorities))
    return ROLE_MESSAGES.notYours;
  if (change.target.authorities.includes('customer.owner') && change.otherActiveOwners === 0)
    return ROLE_MESSAGES.lastOwner;
  return null;
}
