import { seedDemoDirectory } from './demo-directory.ts';
import { seedDemoEligibility } from './demo-eligibility.ts';
import { seedDemoInsurance } from './demo-insurance.ts';
import { seedDemoInsuranceReports } from './demo-insurance-reports.ts';
import { count, sql } from 'drizzle-orm';
import { refreshPlannerStatistics, type Db } from '../db/client.ts';
import {
  practiceAccounts,
  practices,
  practiceSettings,
  serverSecrets,
  type PracticeFeatures,
} from '../db/schema/index.ts';
import { saveLocation, saveService } from '../modules/practice/index.ts';
import { seedDemoCharting } from './demo-charting.ts';
import { seedDemoTreatmentPlans } from './demo-treatment-plans.ts';
import { seedDemoForms } from './demo-forms.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoCardProcessors } from './demo-cards.ts';
import { seedDemoClaims, seedDemoClaimSetup } from './demo-claims.ts';
import { seedDemoPaperClaims } from './demo-claims-print.ts';
import { seedDemoEras } from './demo-claims-era.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedCast, seedExternalAgent } from './demo-staff.ts';
import { addStandardPlacesOfService } from './places-of-service.ts';

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

/**
 * A demo practice: the practice and its settings, then its locations and
 * services through the set-up pages' own services (issue 16 item 9), in the
 * order given (tests rely on the ids).
 */
async function createPractice(
  db: Db,
  name: string,
  locationRows: { name: string; color: string; isDefault?: boolean }[],
  now: Date,
) {
  // Direct: no set-up page creates a practice (`npm run create-owner` and the demo do).
  const [practice] = await db
    .insert(practices)
    .values({ name, timezone: 'America/New_York' })
    .returning();
  if (!practice) throw new Error('practice insert failed');
  await db
    .insert(practiceSettings)
    .values({ practiceId: practice.id, inactivityLockoutMinutes: 60, features: ALL_FEATURES });
  const locationIds: number[] = [];
  for (const l of locationRows) {
    const saved = await saveLocation(
      db,
      practice.id,
      {
        name: l.name,
        color: l.color,
        isDefault: l.isDefault ?? false,
        addressLine1: null,
        city: 'Portland',
        state: 'ME',
        zipcode: '04101',
        phone: null,
        placeOfServiceCode: '11',
      },
      now,
    );
    locationIds.push(saved.id);
  }
  await addStandardPlacesOfService(db, practice.id, locationIds[0] ?? null);
  for (const p of DEMO_PRODUCTS) {
    await saveService(db, practice.id, {
      cptCode: p.cptCode,
      description: p.description,
      durationMinutes: p.durationMinutes,
      feeCents: p.feeCents,
      isTelehealth: false,
      isGroup: p.isGroup ?? false,
      isDefault: p.isDefault ?? false,
    });
  }
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
  if (seeded) await refreshPlannerStatistics(db);
  return seeded;
}

async function seedDemoRows(db: Db, afterStep: SeedStepHook): Promise<void> {
  const now = new Date();
  const first = await createPractice(
    db,
    'Riverbend Counseling Collective',
    [
      { name: 'Main Office', color: '#1565C0', isDefault: true },
      { name: 'Westside Office', color: '#2E7D32' },
    ],
    now,
  );
  const second = await createPractice(
    db,
    'Harbor Light Therapy',
    [{ name: 'Main', color: '#6A1B9A', isDefault: true }],
    now,
  );
  const practiceIds = { first: first.id, second: second.id };
  await afterStep('practices');

  const cast = await seedCast(db, practiceIds, now);
  const { userIdsByUsername, therapistIdsByUsername } = cast;

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

  await seedExternalAgent(db, first.id, cast);

  // therapist1 bills 60-minute sessions by default (the 'primary_cpt' product choice).
  // Direct: no set-up page chooses a therapist's primary service yet.
  await db.execute(sql`update therapists set default_product_id =
      (select id from products where practice_id = ${first.id} and cpt_code = '90837')
    where id = ${must(therapistIdsByUsername.get('therapist1'), 'therapist1')}`);

  await afterStep('users');
  await seedDemoClients(db, practiceIds, userIdsByUsername);
  await afterStep('clients');
  await seedDemoCalendar(db, first.id, new Date());
  await seedDemoCharting(db, first.id, new Date());
  await seedDemoTreatmentPlans(db, first.id, new Date());
  await seedDemoForms(db, practiceIds, new Date());
  await seedDemoDirectory(db, practiceIds, new Date());
  await seedDemoInsurance(db, practiceIds, new Date());
  await seedDemoInsuranceReports(db, practiceIds, new Date());
  await seedDemoEligibility(db, practiceIds, new Date());
  await seedDemoCardProcessors(db, practiceIds);
  await seedDemoClaimSetup(db, first.id, new Date());
  await afterStep('eligibility');
  await seedDemoBilling(
    db,
    first.id,
    {
      biller: must(userIdsByUsername.get('biller'), 'biller'),
      client1: must(userIdsByUsername.get('client1'), 'client1'),
    },
    new Date(),
  );
  await seedDemoClaims(db, first.id, new Date());
  await seedDemoPaperClaims(db, first.id, new Date());
  await seedDemoEras(db, first.id, new Date());
  await afterStep('billing');
}
