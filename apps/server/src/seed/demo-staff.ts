import { accountStatusAfter, type AccountStatus } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { externalAgents, userAuthorities, users } from '../db/schema/index.ts';
import {
  createStaffAccount,
  loadStaffRow,
  saveTherapistDetails,
  setAgentTherapists,
  setChosenPassword,
} from '../modules/practice/index.ts';
import { hashPassword } from '../platform/passwords.ts';
import { DEMO_CAST, DEMO_PASSWORD, professionalNameOf, type DemoPerson } from './demo-cast.ts';

/**
 * The demo cast's sign-ins. Staff accounts are made by the staff page's own
 * services (issue 16 item 9): invited with their roles (which makes a
 * therapist's row), activated with the demo password, then given their
 * therapist details and supervision. Only what no set-up page makes is
 * written here directly: see the comments below and docs/decisions.md.
 */

type PracticeIds = { first: number; second: number };
type Ids = { userIdsByUsername: Map<string, number>; therapistIdsByUsername: Map<string, number> };

/** Every demo person has a phone; `${username}@example.com` is their email. */
const DEMO_PHONE = '2075550100';

/** The value, or a loud failure: seeding stops at the first surprise. */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what} is missing`);
  return value;
}

/**
 * The status the domain's rules reach for an invited person who opened the
 * activation link and chose a password (the seed sends no email, so the link
 * is never really issued; the steps are the same).
 */
function activatedStatus(): AccountStatus {
  const sent = accountStatusAfter('INITIAL', 'activation_sent', false);
  const opened = sent.ok ? accountStatusAfter(sent.status, 'activated', false) : sent;
  if (!opened.ok) throw new Error(`Demo seed: ${opened.message}`);
  return opened.status;
}

/** A staff member of a practice, through the staff page's services. */
async function seedStaffMember(
  db: Db,
  practiceId: number,
  person: DemoPerson,
  account: { passwordHash: string; status: AccountStatus; now: Date },
  ids: Ids,
): Promise<number> {
  const userId = await createStaffAccount(db, practiceId, {
    username: person.username,
    firstName: person.firstName,
    lastName: person.lastName,
    email: `${person.username}@example.com`,
    professionalName: professionalNameOf(person),
    authorities: person.authorities,
    passwordHash: account.passwordHash,
  });
  await setChosenPassword(db, userId, {
    passwordHash: account.passwordHash,
    status: account.status,
    activatedAt: account.now,
  });
  // Direct: no set-up page asks for a staff member's phone, and the demo's people have one.
  await db.update(users).set({ phone: DEMO_PHONE }).where(eq(users.id, userId));
  const therapist = (await loadStaffRow(db, practiceId, userId)).therapist;
  if (therapist) {
    await saveTherapistDetails(db, practiceId, therapist, {
      credentials: person.credentials ?? null,
      npi: null,
      taxonomyCode: null,
      licenseNumber: null,
      licenseState: null,
      timezone: null,
      telehealthEnabled: person.telehealth ?? true,
      usesCharting: true,
      supervisorIds: (person.supervisedBy ?? []).map((username) =>
        must(ids.therapistIdsByUsername.get(username), `supervisor ${username}`),
      ),
      superviseeIds: [],
    });
    ids.therapistIdsByUsername.set(person.username, therapist.therapistId);
  }
  return userId;
}

/**
 * Direct: support staff, the external agent and the portal client are not a
 * practice's staff, and no set-up page creates their accounts (support staff
 * are ours, an agent's account belongs to their agency, a client's portal
 * account comes from the portal invitation).
 */
async function insertOtherUser(
  db: Db,
  practiceId: number | null,
  person: DemoPerson,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      practiceId,
      username: person.username,
      passwordHash,
      type: person.type,
      firstName: person.firstName,
      lastName: person.lastName,
      email: `${person.username}@example.com`,
      phone: DEMO_PHONE,
      professionalName: professionalNameOf(person),
      accountStatus: 'ENABLED',
      activatedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  if (person.authorities.length > 0) {
    await db
      .insert(userAuthorities)
      .values(person.authorities.map((authority) => ({ userId: user.id, authority })));
  }
  return user.id;
}

/**
 * Every sign-in of the demo cast in the cast's order (tests rely on the ids
 * it gives), with their roles and, for therapists, their therapist rows.
 */
export async function seedCast(db: Db, practiceIds: PracticeIds, now: Date): Promise<Ids> {
  // Hashed together up front (argon2 runs on the thread pool); each with its own salt.
  const hashes = await Promise.all(DEMO_CAST.map(() => hashPassword(DEMO_PASSWORD)));
  const status = activatedStatus();
  const ids: Ids = { userIdsByUsername: new Map(), therapistIdsByUsername: new Map() };
  for (const [i, person] of DEMO_CAST.entries()) {
    const passwordHash = must(hashes[i], 'password hash');
    const practiceId = person.practice ? practiceIds[person.practice] : null;
    const userId =
      person.type === 'staff' && practiceId !== null
        ? await seedStaffMember(db, practiceId, person, { passwordHash, status, now }, ids)
        : await insertOtherUser(db, practiceId, person, passwordHash, now);
    ids.userIdsByUsername.set(person.username, userId);
  }
  return ids;
}

/** The external agent works for the first practice, for therapist1 and therapist2. */
export async function seedExternalAgent(db: Db, practiceId: number, ids: Ids): Promise<void> {
  const userId = must(ids.userIdsByUsername.get('agent'), 'agent user');
  // Direct: no set-up page makes someone an external agent of the practice.
  await db.insert(externalAgents).values({ userId, practiceId });
  // Which therapists the agent works for: the staff page's own service.
  await setAgentTherapists(
    db,
    practiceId,
    await loadStaffRow(db, practiceId, userId),
    ['therapist1', 'therapist2'].map((u) => must(ids.therapistIdsByUsername.get(u), u)),
  );
}
