import { mayManageAccount, type AccountStatus } from '@openpractice/domain';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  externalAgents,
  externalAgentTherapists,
  sessions,
  therapistSupervisors,
  therapists,
  userAuthorities,
  users,
} from '../../../db/schema/index.ts';
import { notFound } from '../../../platform/errors.ts';

/** A staff account as the staff page shows it (contract `staffMember`, less `manageable`). */
export type StaffRow = {
  userId: number;
  type: 'staff' | 'agent';
  username: string;
  firstName: string;
  lastName: string;
  professionalName: string;
  email: string | null;
  accountStatus: AccountStatus;
  active: boolean;
  activated: boolean;
  authorities: string[];
  therapist: {
    therapistId: number;
    active: boolean;
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
  } | null;
  agentTherapistIds: number[];
};

type Supervision = { supervisorId: number; superviseeId: number };

function therapistOf(
  t: typeof therapists.$inferSelect,
  supervision: readonly Supervision[],
): NonNullable<StaffRow['therapist']> {
  const sorted = (ids: number[]) => ids.sort((a, b) => a - b);
  return {
    therapistId: t.id,
    active: t.active,
    credentials: t.credentials,
    npi: t.npi,
    taxonomyCode: t.taxonomyCode,
    licenseNumber: t.licenseNumber,
    licenseState: t.licenseState,
    timezone: t.timezone,
    telehealthEnabled: t.telehealthEnabled,
    usesCharting: t.usesCharting,
    supervisorIds: sorted(
      supervision.filter((s) => s.superviseeId === t.id).map((s) => s.supervisorId),
    ),
    superviseeIds: sorted(
      supervision.filter((s) => s.supervisorId === t.id).map((s) => s.superviseeId),
    ),
  };
}

/**
 * The practice's people: its staff users, and the external agents working for
 * it (who belong to no practice themselves). `userId` narrows to one person.
 */
async function staffRows(
  db: Db,
  practiceId: number,
  filter: { includeInactive: boolean; userId?: number },
): Promise<StaffRow[]> {
  const agentUserIds = db
    .select({ id: externalAgents.userId })
    .from(externalAgents)
    .where(eq(externalAgents.practiceId, practiceId));
  const people = await db
    .select({
      userId: users.id,
      type: users.type,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      professionalName: users.professionalName,
      email: users.email,
      accountStatus: users.accountStatus,
      active: users.active,
      activatedAt: users.activatedAt,
    })
    .from(users)
    .where(
      and(
        or(
          and(eq(users.practiceId, practiceId), eq(users.type, 'staff')),
          and(eq(users.type, 'agent'), inArray(users.id, agentUserIds)),
        ),
        filter.includeInactive ? undefined : eq(users.active, true),
        filter.userId === undefined ? undefined : eq(users.id, filter.userId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const ids = people.map((p) => p.userId);
  if (ids.length === 0) return [];
  const [grants, therapistRows, supervision, agentLinks] = await Promise.all([
    db.select().from(userAuthorities).where(inArray(userAuthorities.userId, ids)),
    db
      .select()
      .from(therapists)
      .where(and(eq(therapists.practiceId, practiceId), inArray(therapists.userId, ids))),
    db
      .select({
        supervisorId: therapistSupervisors.supervisorTherapistId,
        superviseeId: therapistSupervisors.superviseeTherapistId,
      })
      .from(therapistSupervisors)
      .innerJoin(therapists, eq(therapists.id, therapistSupervisors.superviseeTherapistId))
      .where(eq(therapists.practiceId, practiceId)),
    db
      .select({ userId: externalAgents.userId, therapistId: externalAgentTherapists.therapistId })
      .from(externalAgents)
      .innerJoin(
        externalAgentTherapists,
        eq(externalAgentTherapists.externalAgentId, externalAgents.id),
      )
      .where(and(eq(externalAgents.practiceId, practiceId), inArray(externalAgents.userId, ids))),
  ]);
  return people.map((p) => {
    const t = therapistRows.find((row) => row.userId === p.userId);
    return {
      userId: p.userId,
      type: p.type === 'agent' ? 'agent' : 'staff',
      username: p.username,
      firstName: p.firstName,
      lastName: p.lastName,
      professionalName: p.professionalName,
      email: p.email,
      accountStatus: p.accountStatus,
      active: p.active,
      activated: p.activatedAt !== null,
      authorities: grants
        .filter((g) => g.userId === p.userId)
        .map((g) => g.authority)
        .sort(),
      therapist: t ? therapistOf(t, supervision) : null,
      agentTherapistIds: agentLinks
        .filter((l) => l.userId === p.userId)
        .map((l) => l.therapistId)
        .sort((a, b) => a - b),
    };
  });
}

export function listStaffRows(db: Db, practiceId: number, includeInactive: boolean) {
  return staffRows(db, practiceId, { includeInactive });
}

/** One person of the practice; 404 for anyone else (another practice's staff included). */
export async function loadStaffRow(db: Db, practiceId: number, userId: number): Promise<StaffRow> {
  const [row] = await staffRows(db, practiceId, { includeInactive: true, userId });
  if (!row) throw notFound('That staff member was not found in this practice.');
  return row;
}

/** The contract's row for a caller with these authorities. */
export function asMember(row: StaffRow, actorAuthorities: readonly string[]) {
  return {
    userId: row.userId,
    type: row.type,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    professionalName: row.professionalName,
    email: row.email,
    accountStatus: row.accountStatus,
    active: row.active,
    authorities: row.authorities,
    therapist: row.therapist,
    agentTherapistIds: row.agentTherapistIds,
    manageable: mayManageAccount(actorAuthorities, row.authorities),
  };
}

/** Enabled owners of the practice other than `exceptUserId`, counted under a lock (two removals at once). */
export async function otherActiveOwners(
  db: Db,
  practiceId: number,
  exceptUserId: number,
): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userAuthorities, eq(userAuthorities.userId, users.id))
    .where(
      and(
        eq(users.practiceId, practiceId),
        eq(userAuthorities.authority, 'customer.owner'),
        eq(users.active, true),
        ne(users.id, exceptUserId),
      ),
    )
    .for('update', { of: users });
  return rows.length;
}

/** Ends every session the user has, as themselves or being acted as. */
export async function endSessionsOf(db: Db, userId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.actingUserId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/** Another staff account of the practice already uses this email address. */
export async function emailTaken(
  db: Db,
  practiceId: number,
  email: string,
  exceptUserId: number | null,
): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.practiceId, practiceId),
        eq(users.type, 'staff'),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** Ids of this practice's therapists among `ids` (to refuse another practice's). */
export async function therapistIdsOfPractice(
  db: Db,
  practiceId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(and(eq(therapists.practiceId, practiceId), inArray(therapists.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Marks the therapist row bookable only while its user is enabled and holds the therapist role. */
export async function syncTherapistRow(
  db: Db,
  practiceId: number,
  user: { userId: number; firstName: string; lastName: string },
  therapistActive: boolean,
): Promise<void> {
  const [existing] = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(and(eq(therapists.userId, user.userId), eq(therapists.practiceId, practiceId)));
  if (existing) {
    await db
      .update(therapists)
      .set({ active: therapistActive })
      .where(eq(therapists.id, existing.id));
  } else if (therapistActive) {
    await db.insert(therapists).values({
      practiceId,
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
    });
  }
}
