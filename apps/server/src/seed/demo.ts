import { seedDemoDirectory } from './demo-directory.ts';
import { seedDemoEligibility } from './demo-eligibility.ts';
import { seedDemoInsurance } from './demo-insurance.ts';
import { seedDemoInsuranceReports } from './demo-insurance-reports.ts';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  externalAgents,
  practiceAccounts,
  externalAgentTherapists,
  locations,
  practices,
  practiceSettings,
  products,
  serverSecrets,
  serviceLocations,
  therapists,
  userAuthorities,
  users,
  type PracticeFeatures,
} from '../db/schema/index.ts';
import { hashPassword } from '../platform/passwords.ts';
import { DEMO_CAST, DEMO_PASSWORD, professionalNameOf } from './demo-cast.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoClients } from './demo-clients.ts';

const ALL_FEATURES: PracticeFeatures = {
  claims: true,
  insurance: true,
  charting: true,
  telehealth: true,
  ePrescribe: true,
  changeTracking: false,
  messages: true,
  screenReaderAccessible: true,
};

/** CPT codes a therapy practice bills, with minutes and fee in cents. */
const DEMO_PRODUCTS = [
  {
    cptCode: '90791',
    description: 'Psychiatric diagnostic evaluation',
    durationMinutes: 60,
    feeCents: 20000,
  },
  {
    cptCode: '90832',
    description: 'Psychotherapy, 30 minutes',
    durationMinutes: 30,
    feeCents: 9000,
  },
  {
    cptCode: '90834',
    description: 'Psychotherapy, 45 minutes',
    durationMinutes: 45,
    feeCents: 13000,
    isDefault: true,
  },
  {
    cptCode: '90837',
    description: 'Psychotherapy, 60 minutes',
    durationMinutes: 60,
    feeCents: 17000,
  },
  {
    cptCode: '90846',
    description: 'Family psychotherapy without the client',
    durationMinutes: 50,
    feeCents: 14000,
  },
  {
    cptCode: '90847',
    description: 'Family psychotherapy with the client',
    durationMinutes: 50,
    feeCents: 15000,
  },
  {
    cptCode: '90853',
    description: 'Group psychotherapy',
    durationMinutes: 90,
    feeCents: 6000,
    isGroup: true,
  },
];

/** The value, or a loud failure: seeding stops at the first surprise. */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what} is missing`);
  return value;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(practices);
  return (row?.n ?? 0) === 0;
}

async function createPractice(
  db: Db,
  name: string,
  locationRows: { name: string; color: string; isDefault?: boolean }[],
) {
  const [practice] = await db
    .insert(practices)
    .values({ name, timezone: 'America/New_York' })
    .returning();
  if (!practice) throw new Error('practice insert failed');
  await db
    .insert(practiceSettings)
    .values({ practiceId: practice.id, inactivityLockoutMinutes: 60, features: ALL_FEATURES });
  const locs = await db
    .insert(locations)
    .values(
      locationRows.map((l) => ({
        ...l,
        practiceId: practice.id,
        city: 'Portland',
        state: 'ME',
        zipcode: '04101',
      })),
    )
    .returning();
  const main = locs[0];
  await db.insert(serviceLocations).values([
    {
      practiceId: practice.id,
      locationId: main?.id ?? null,
      name: 'Office',
      placeOfServiceCode: '11',
    },
    { practiceId: practice.id, name: 'Telehealth', placeOfServiceCode: '02' },
    { practiceId: practice.id, name: 'Telehealth in the client’s home', placeOfServiceCode: '10' },
  ]);
  await db.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...p, practiceId: practice.id })));
  return practice;
}

/** Called between the seed's steps; tests throw from it to prove a half seed never stays. */
export type SeedStepHook = (step: string) => void | Promise<void>;

/** server_secrets row that marks a database holding the demo (see seed/demo-mode.ts). */
export const DEMO_MARKER = 'demo';

/** Advisory lock key: app processes starting together on one server seed once. */
const SEED_LOCK_KEY = 727_022;

/**
 * Creates the two demo practices and every demo sign-in on an empty database,
 * in ONE transaction: a failure (or a kill) mid-seed leaves the database as
 * empty as it was, so the next start seeds it again. Answers whether it seeded
 * (false: the database already held a practice).
 */
export async function seedDemo(db: Db, afterStep: SeedStepHook = () => {}): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await databaseIsEmpty(tx))) return false;
    await seedDemoRows(tx, afterStep);
    await tx
      .insert(serverSecrets)
      .values({ name: DEMO_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing();
    return true;
  });
  // The embedded database runs no autovacuum: give the planner statistics now.
  if (seeded) await db.execute(sql`analyze`);
  return seeded;
}

async function seedDemoRows(db: Db, afterStep: SeedStepHook): Promise<void> {
  const first = await createPractice(db, 'Riverbend Counseling Collective', [
    { name: 'Main Office', color: '#1565C0', isDefault: true },
    { name: 'Westside Office', color: '#2E7D32' },
  ]);
  const second = await createPractice(db, 'Harbor Light Therapy', [
    { name: 'Main', color: '#6A1B9A', isDefault: true },
  ]);
  const practiceIds = { first: first.id, second: second.id };
  await afterStep('practices');

  const hashes = await Promise.all(DEMO_CAST.map(() => hashPassword(DEMO_PASSWORD)));
  const therapistIdsByUsername = new Map<string, number>();
  const userIdsByUsername = new Map<string, number>();
  for (const [i, person] of DEMO_CAST.entries()) {
    const practiceId = person.practice ? practiceIds[person.practice] : null;
    const [user] = await db
      .insert(users)
      .values({
        practiceId,
        username: person.username,
        passwordHash: must(hashes[i], 'password hash'),
        type: person.type,
        firstName: person.firstName,
        lastName: person.lastName,
        email: `${person.username}@example.com`,
        phone: '2075550100',
        professionalName: professionalNameOf(person),
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert failed');
    userIdsByUsername.set(person.username, user.id);
    if (person.authorities.length > 0) {
      await db
        .insert(userAuthorities)
        .values(person.authorities.map((authority) => ({ userId: user.id, authority })));
    }
    if (person.therapist && practiceId !== null) {
      const [t] = await db
        .insert(therapists)
        .values({
          practiceId,
          userId: user.id,
          firstName: person.firstName,
          lastName: person.lastName,
          credentials: person.credentials ?? null,
          // One therapist without telehealth, so the scheduling dialog's eligibility rule shows.
          telehealthEnabled: person.username !== 'therapist3',
        })
        .returning({ id: therapists.id });
      if (t) therapistIdsByUsername.set(person.username, t.id);
    }
  }

  // The practices' own accounts with us: the first in good standing, the
  // second with a card about to expire (so its staff see the alert).
  const isoDaysFromNow = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await db.insert(practiceAccounts).values([
    {
      practiceId: first.id,
      cardExpiresOn: isoDaysFromNow(400),
      lastPaymentDate: isoDaysFromNow(-12),
      lastPaymentCents: 12900,
      responsibleUserId: must(userIdsByUsername.get('owner'), 'owner'),
    },
    {
      practiceId: second.id,
      cardExpiresOn: isoDaysFromNow(20),
      lastPaymentDate: isoDaysFromNow(-40),
      lastPaymentCents: 6900,
      responsibleUserId: must(userIdsByUsername.get('owner2'), 'owner2'),
    },
  ]);

  const [agent] = await db
    .insert(externalAgents)
    .values({ userId: must(userIdsByUsername.get('agent'), 'agent user'), practiceId: first.id })
    .returning({ id: externalAgents.id });
  await db.insert(externalAgentTherapists).values(
    ['therapist1', 'therapist2'].map((u) => ({
      externalAgentId: must(agent, 'external agent').id,
      therapistId: must(therapistIdsByUsername.get(u), u),
    })),
  );

  // therapist1 bills 60-minute sessions by default (the 'primary_cpt' product choice).
  await db.execute(sql`update therapists set default_product_id =
      (select id from products where practice_id = ${first.id} and cpt_code = '90837')
    where id = ${must(therapistIdsByUsername.get('therapist1'), 'therapist1')}`);

  await afterStep('users');
  await seedDemoClients(db, practiceIds, userIdsByUsername);
  await afterStep('clients');
  await seedDemoCalendar(db, first.id, new Date());
  await seedDemoDirectory(db, practiceIds, new Date());
  await seedDemoInsurance(db, practiceIds, new Date());
  await seedDemoInsuranceReports(db, practiceIds, new Date());
  await seedDemoEligibility(db, practiceIds, new Date());
  await afterStep('eligibility');
}
