import {
  accountStatusAfter,
  disableProblem,
  mayManageAccount,
  roleChangeProblem,
  type AccountEvent,
  type AccountStatus,
} from '@openpractice/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import {
  externalAgents,
  externalAgentTherapists,
  staffAccountLinks,
  therapistSupervisors,
  therapists,
  userAuthorities,
  users,
} from '../../../db/schema/index.ts';
import { authOf } from '../../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden } from '../../../platform/errors.ts';
import {
  emailTaken,
  endSessionsOf,
  otherActiveOwners,
  syncTherapistRow,
  therapistIdsOfPractice,
  type StaffRow,
} from './queries.ts';

/** The rules of the staff page applied to rows: who acts, what they may do, the writes. */

export type Actor = { userId: number; authorities: readonly string[] };

export const EMAIL_TAKEN = 'Another staff member of this practice already uses this email address.';
export const USERNAME_TAKEN = 'This username is taken. Choose another.';
export const NOT_AN_AGENT = 'This person is not an external agent of the practice.';

/** Managers and staff administrators (spec-1 §6 Settings button); every change audited. */
export const settingsRoute = (action: `practice.${string}`) => ({
  config: { access: 'settings' as const, audit: { action } },
});

export function actorOf(request: FastifyRequest): Actor {
  const user = authOf(request).user;
  return { userId: user.id, authorities: user.authorities };
}

/** Refuses a change to someone whose roles the actor could not grant (themselves excepted). */
export function requireManageable(actor: Actor, target: StaffRow): void {
  if (actor.userId === target.userId) return;
  if (!mayManageAccount(actor.authorities, target.authorities))
    throw forbidden('You cannot change the account of someone with roles you cannot grant.');
}

/** The status after `event`, or 409 with the reason it cannot happen now. */
export function nextStatus(target: StaffRow, event: AccountEvent): AccountStatus {
  const change = accountStatusAfter(target.accountStatus, event, target.activated);
  if (!change.ok) throw conflict(change.message);
  return change.status;
}

export async function setAccountStatus(db: Db, userId: number, status: AccountStatus) {
  await db
    .update(users)
    .set({ accountStatus: status, active: status !== 'DISABLED' })
    .where(eq(users.id, userId));
}

export async function requireFreeEmail(
  db: Db,
  practiceId: number,
  email: string,
  exceptUserId: number | null,
) {
  if (await emailTaken(db, practiceId, email, exceptUserId))
    throw new AppError(409, EMAIL_TAKEN, 'email');
}

/** Replaces the target's practice roles after the domain's checks; answers what changed. */
export async function changeRoles(
  db: Db,
  practiceId: number,
  actor: Actor,
  target: StaffRow,
  next: readonly string[],
): Promise<{ added: string[]; removed: string[] }> {
  const problem = roleChangeProblem({
    actor,
    target,
    next,
    otherActiveOwners: await otherActiveOwners(db, practiceId, target.userId),
  });
  if (problem) throw new AppError(403, problem, 'authorities');
  const before = new Set(target.authorities);
  const added = [...new Set(next)].filter((a) => !before.has(a)).sort();
  const removed = target.authorities.filter((a) => a.startsWith('customer.') && !next.includes(a));
  if (removed.length > 0)
    await db
      .delete(userAuthorities)
      .where(
        and(eq(userAuthorities.userId, target.userId), inArray(userAuthorities.authority, removed)),
      );
  if (added.length > 0)
    await db
      .insert(userAuthorities)
      .values(added.map((authority) => ({ userId: target.userId, authority })));
  await syncTherapistRow(
    db,
    practiceId,
    target,
    target.active && next.includes('customer.therapist'),
  );
  // A role taken away ends the person's sessions, so no open page keeps using it.
  if (removed.length > 0 && target.userId !== actor.userId) await endSessionsOf(db, target.userId);
  return { added, removed };
}

/** Disables the account: no sign-in, every session ended at once, emailed links void. */
export async function disableAccount(
  db: Db,
  practiceId: number,
  actor: Actor,
  target: StaffRow,
  now: Date,
): Promise<number> {
  const status = nextStatus(target, 'disable');
  const problem = disableProblem({
    actor,
    target,
    otherActiveOwners: await otherActiveOwners(db, practiceId, target.userId),
  });
  if (problem) throw forbidden(problem);
  await setAccountStatus(db, target.userId, status);
  await syncTherapistRow(db, practiceId, target, false);
  await db
    .update(staffAccountLinks)
    .set({ usedAt: now })
    .where(and(eq(staffAccountLinks.userId, target.userId), isNull(staffAccountLinks.usedAt)));
  return endSessionsOf(db, target.userId);
}

export async function enableAccount(db: Db, practiceId: number, target: StaffRow) {
  const status = nextStatus(target, 'enable');
  await setAccountStatus(db, target.userId, status);
  await syncTherapistRow(db, practiceId, target, target.authorities.includes('customer.therapist'));
  return status;
}

/** A new staff account as the invitation gives it (the demo seed gives the same). */
export type NewStaffAccount = {
  firstName: string;
  lastName: string;
  email: string;
  /** Blank: the email address is the username. */
  username?: string | null | undefined;
  professionalName?: string | null | undefined;
  authorities: readonly string[];
  passwordHash: string;
};

/**
 * Creates a staff account of the practice, not activated yet (INITIAL), with
 * its roles and, for a therapist, its therapist row; 409 when the username or
 * the email is taken. Whether the caller may grant the roles is checked
 * before, against the caller (the seed has none).
 */
export async function createStaffAccount(
  db: Db,
  practiceId: number,
  input: NewStaffAccount,
): Promise<number> {
  const username = input.username ?? input.email;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (taken) throw new AppError(409, USERNAME_TAKEN, input.username ? 'username' : 'email');
  await requireFreeEmail(db, practiceId, input.email, null);
  const [user] = await db
    .insert(users)
    .values({
      practiceId,
      username,
      passwordHash: input.passwordHash,
      type: 'staff',
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      professionalName: input.professionalName ?? `${input.firstName} ${input.lastName}`,
      accountStatus: 'INITIAL',
      activatedAt: null,
    })
    // Two invitations of one username at once: the unique index decides.
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!user) throw new AppError(409, USERNAME_TAKEN, 'username');
  if (input.authorities.length > 0)
    await db
      .insert(userAuthorities)
      .values(input.authorities.map((authority) => ({ userId: user.id, authority })));
  await syncTherapistRow(
    db,
    practiceId,
    { userId: user.id, firstName: input.firstName, lastName: input.lastName },
    input.authorities.includes('customer.therapist'),
  );
  return user.id;
}

/**
 * The person's own password is set (from an activation or a reset link): the
 * account takes `status`, is enabled, and forgets failed sign-ins.
 */
export async function setChosenPassword(
  db: Db,
  userId: number,
  input: { passwordHash: string; status: AccountStatus; activatedAt: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: input.passwordHash,
      accountStatus: input.status,
      active: true,
      activatedAt: input.activatedAt,
      failedLoginCount: 0,
      loginLockExpiration: null,
    })
    .where(eq(users.id, userId));
}

/** Every id is a therapist of this practice, and not the therapist themself (400 naming `field`). */
async function requireColleagues(
  db: Db,
  practiceId: number,
  self: number | null,
  ids: readonly number[],
  field: string,
) {
  if (self !== null && ids.includes(self))
    throw badRequest('A therapist cannot supervise themself.', field);
  const known = await therapistIdsOfPractice(db, practiceId, ids);
  if (ids.some((id) => !known.has(id)))
    throw badRequest('Choose therapists of this practice.', field);
}

export type TherapistDetails = {
  credentials: string | null;
  npi: string | null;
  taxonomyCode: string | null;
  licenseNumber: string | null;
  licenseState: string | null;
  timezone: string | null;
  telehealthEnabled: boolean;
  usesCharting: boolean;
  supervisorIds: number[];
  superviseeIds: number[];
};

/**
 * Saves a therapist's professional details and replaces their supervision
 * (both directions) after checking the colleagues named; answers the names
 * of the details that changed.
 */
export async function saveTherapistDetails(
  db: Db,
  practiceId: number,
  therapist: NonNullable<StaffRow['therapist']>,
  details: TherapistDetails,
) {
  const { supervisorIds, superviseeIds, ...fields } = details;
  const me = therapist.therapistId;
  await requireColleagues(db, practiceId, me, supervisorIds, 'supervisorIds');
  await requireColleagues(db, practiceId, me, superviseeIds, 'superviseeIds');
  if (supervisorIds.some((id) => superviseeIds.includes(id)))
    throw badRequest('A therapist cannot be both supervisor and supervisee.', 'superviseeIds');
  await db.update(therapists).set(fields).where(eq(therapists.id, me));
  await db.delete(therapistSupervisors).where(eq(therapistSupervisors.superviseeTherapistId, me));
  await db.delete(therapistSupervisors).where(eq(therapistSupervisors.supervisorTherapistId, me));
  const pairs = [
    ...[...new Set(supervisorIds)].map((id) => ({
      supervisorTherapistId: id,
      superviseeTherapistId: me,
    })),
    ...[...new Set(superviseeIds)].map((id) => ({
      supervisorTherapistId: me,
      superviseeTherapistId: id,
    })),
  ];
  if (pairs.length > 0) await db.insert(therapistSupervisors).values(pairs);
  return (Object.keys(fields) as (keyof typeof fields)[]).filter(
    (key) => fields[key] !== therapist[key],
  );
}

/** Replaces the therapists an external agent of the practice works for; answers their ids in order. */
export async function setAgentTherapists(
  db: Db,
  practiceId: number,
  target: StaffRow,
  therapistIds: readonly number[],
): Promise<number[]> {
  const [agent] = await db
    .select({ id: externalAgents.id })
    .from(externalAgents)
    .where(
      and(eq(externalAgents.userId, target.userId), eq(externalAgents.practiceId, practiceId)),
    );
  if (!agent || target.type !== 'agent') throw conflict(NOT_AN_AGENT);
  const ids = [...new Set(therapistIds)];
  await requireColleagues(db, practiceId, null, ids, 'therapistIds');
  await db
    .delete(externalAgentTherapists)
    .where(eq(externalAgentTherapists.externalAgentId, agent.id));
  if (ids.length > 0)
    await db
      .insert(externalAgentTherapists)
      .values(ids.map((therapistId) => ({ externalAgentId: agent.id, therapistId })));
  return ids.sort((a, b) => a - b);
}
