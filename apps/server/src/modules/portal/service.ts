import { email as emailRule, isPortalAccountLocked, type PortalStatus } from '@openpractice/domain';
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  clientEmails,
  clientLoginHistory,
  clients,
  practices,
  sessions,
  userAuthorities,
  users,
} from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { randomToken } from '../../platform/tokens.ts';

/**
 * The client portal account behind a client record (spec-2 §3 clientPortal,
 * twoFactorStatus; §4 portal status). The client row holds the status and the
 * two-factor settings; the linked `users` row (type 'patient') holds the
 * username, password and lockout counters.
 */

export const PORTAL_AUTHORITY = 'patient.patient';
export const NO_PORTAL_ACCOUNT = 'The client has no portal account yet. Send an invitation first.';
export const NO_EMAIL = 'The client has no email address. Add one before sending portal emails.';
export const BAD_EMAIL = "The client's default email address is not valid. Correct it first.";
export const USERNAME_TAKEN =
  "The client's email address is already the username of another account. Give the client a different default email address.";
export const PORTAL_DISABLED =
  'Portal access is disabled. Enable it before sending a password reset.';

export type PortalRow = {
  clientId: number;
  practiceId: number;
  firstName: string;
  nickName: string | null;
  portalStatus: PortalStatus;
  portalUserId: number | null;
  username: string | null;
  userEmail: string | null;
  passwordHash: string | null;
  failedLoginCount: number | null;
  loginLockExpiration: Date | null;
  twoFactorType: string | null;
  twoFactorContact: string | null;
  twoFactorVerifiedAt: Date | null;
};

/** The client's portal facts; the caller has gated the client, so it exists in the caller's practice. */
export async function loadPortalRow(db: Db, clientId: number): Promise<PortalRow> {
  const [row] = await db
    .select({
      clientId: clients.id,
      practiceId: clients.practiceId,
      firstName: clients.firstName,
      nickName: clients.nickName,
      portalStatus: sql<PortalStatus>`${clients.portalStatus}`,
      portalUserId: clients.portalUserId,
      username: users.username,
      userEmail: users.email,
      passwordHash: users.passwordHash,
      failedLoginCount: users.failedLoginCount,
      loginLockExpiration: users.loginLockExpiration,
      twoFactorType: clients.twoFactorType,
      twoFactorContact: clients.twoFactorContact,
      twoFactorVerifiedAt: clients.twoFactorVerifiedAt,
    })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.portalUserId))
    .where(eq(clients.id, clientId));
  if (!row) throw new Error(`client ${clientId} vanished after the gate`);
  return row;
}

/** GET portalStatus and the unlock answer: status, the lock rule of §4, counters, username. */
export function portalDataOf(row: PortalRow, now: Date) {
  const loginLockExpiration = row.loginLockExpiration?.toISOString() ?? null;
  const failedLoginCount = row.failedLoginCount ?? 0;
  return {
    status: row.portalStatus,
    isLocked: isPortalAccountLocked({ failedLoginCount, loginLockExpiration }, now),
    failedLoginCount,
    loginLockExpiration,
    username: row.username,
    hasPortalAccount: row.portalUserId !== null,
  };
}

/** When the portal password was last set: the newest 'client.portal_password_set' audit row. */
export async function passwordSetOn(db: Db, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.patientId, clientId), eq(auditLog.action, 'client.portal_password_set')))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row?.at.toISOString() ?? null;
}

export async function loginHistoryPage(
  db: Db,
  clientId: number,
  page: { offset: number; limit: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: clientLoginHistory.id,
        at: clientLoginHistory.at,
        succeeded: clientLoginHistory.succeeded,
        ip: clientLoginHistory.ip,
      })
      .from(clientLoginHistory)
      .where(eq(clientLoginHistory.clientId, clientId))
      .orderBy(desc(clientLoginHistory.at), desc(clientLoginHistory.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(clientLoginHistory)
      .where(eq(clientLoginHistory.clientId, clientId)),
  ]);
  return {
    data: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}

/** The address portal emails go to: the client's default email (else their first). */
export async function defaultEmailOf(db: Db, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: clientEmails.email })
    .from(clientEmails)
    .where(eq(clientEmails.clientId, clientId))
    .orderBy(desc(clientEmails.isDefault), asc(clientEmails.id))
    .limit(1);
  return row?.email.trim() || null;
}

/** The default email, refused with a message a person can act on when missing or malformed. */
export async function requireDefaultEmail(db: Db, clientId: number): Promise<string> {
  const address = await defaultEmailOf(db, clientId);
  if (!address) throw conflict(NO_EMAIL);
  if (emailRule(address) !== true || address.length > 254) throw conflict(BAD_EMAIL);
  return address;
}

export async function practiceNameOf(db: Db, practiceId: number): Promise<string> {
  const [row] = await db
    .select({ name: practices.name })
    .from(practices)
    .where(eq(practices.id, practiceId));
  return row?.name ?? 'Your practice';
}

/**
 * The client's portal user, created when missing: type 'patient', authority
 * patient.patient, username the client's default email, and the hash of a
 * random password nobody knows (an argon2 hash, so a sign-in attempt costs
 * the same time as for any other account).
 */
export async function ensurePortalUser(
  db: Db,
  row: PortalRow,
  address: string,
): Promise<{ userId: number; username: string; passwordHash: string; created: boolean }> {
  if (row.portalUserId !== null && row.username !== null && row.passwordHash !== null) {
    return {
      userId: row.portalUserId,
      username: row.username,
      passwordHash: row.passwordHash,
      created: false,
    };
  }
  const username = address.toLowerCase();
  const passwordHash = await hashPassword(randomToken(32));
  return db.transaction(async (tx) => {
    // Two invitations at once: the second waits here and finds the first's user.
    const [locked] = await tx
      .select({ portalUserId: clients.portalUserId })
      .from(clients)
      .where(eq(clients.id, row.clientId))
      .for('update');
    if (locked?.portalUserId) {
      const [existing] = await tx
        .select({ username: users.username, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, locked.portalUserId));
      if (existing) return { userId: locked.portalUserId, ...existing, created: false };
    }
    const [client] = await tx
      .select({ firstName: clients.firstName, lastName: clients.lastName })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    const [user] = await tx
      .insert(users)
      .values({
        practiceId: row.practiceId,
        username,
        passwordHash,
        type: 'patient',
        firstName: client?.firstName ?? row.firstName,
        lastName: client?.lastName ?? '',
        email: address,
        professionalName: `${client?.firstName ?? row.firstName} ${client?.lastName ?? ''}`.trim(),
        active: true,
      })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!user) throw conflict(USERNAME_TAKEN);
    await tx.insert(userAuthorities).values({ userId: user.id, authority: PORTAL_AUTHORITY });
    await tx
      .update(clients)
      .set({ portalUserId: user.id })
      .where(and(eq(clients.id, row.clientId), isNull(clients.portalUserId)));
    return { userId: user.id, username, passwordHash, created: true };
  });
}

export async function setPortalStatus(
  db: Db,
  clientId: number,
  status: PortalStatus,
  now: Date,
): Promise<void> {
  await db
    .update(clients)
    .set({ portalStatus: status, updatedAt: now })
    .where(eq(clients.id, clientId));
}

/** Ends every session the portal user has, as themselves or being acted as. */
export async function endSessionsOf(db: Db, userId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.actingUserId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}
