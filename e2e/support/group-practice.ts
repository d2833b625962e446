import { eq } from 'drizzle-orm';

import { migrateDatabase, openDatabase, type Db } from '../../apps/server/src/db/client.ts';
import {
  locations,
  practiceAccounts,
  practices,
  practiceSettings,
  products,
  serviceLocations,
  therapists,
  userAuthorities,
  users,
} from '../../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../../apps/server/src/platform/passwords.ts';
import { prepareDemo } from '../../apps/server/src/seed/demo-mode.ts';

import { DEMO_PASSWORD } from './demo';

/**
 * A third practice for the end-to-end runs only: a group practice with as many
 * therapists as the calendar shows at once (spec-1 §9: 16), so the resource
 * views can be tried full (calendar-resource-views.spec.ts). The demo's two
 * practices keep their five and one therapists, which other specs count on.
 * Its manager signs in as `summitmanager` with the demo password.
 */
export const GROUP_PRACTICE = {
  name: 'Summit Group Practice',
  manager: 'summitmanager',
  location: 'Summit Main Office',
  /** By last name, as the calendar sorts its columns. */
  therapists: [
    ['Ava', 'Abbott'],
    ['Ben', 'Baker'],
    ['Chloe', 'Chen'],
    ['David', 'Diaz'],
    ['Emma', 'Evans'],
    ['Felix', 'Fischer'],
    ['Grace', 'Garcia'],
    ['Henry', 'Hughes'],
    ['Isla', 'Ito'],
    ['Jack', 'Jensen'],
    ['Kara', 'Kim'],
    ['Liam', 'Lopez'],
    ['Maya', 'Murphy'],
    ['Noah', 'Nguyen'],
    ['Olive', 'Ortega'],
    ['Paul', 'Patel'],
  ] as const,
} as const;

async function addPractice(db: Db): Promise<void> {
  const [practice] = await db
    .insert(practices)
    .values({ name: GROUP_PRACTICE.name, timezone: 'America/New_York' })
    .returning({ id: practices.id });
  if (!practice) throw new Error('group practice: insert failed');
  const practiceId = practice.id;
  await db.insert(practiceSettings).values({
    practiceId,
    inactivityLockoutMinutes: 60,
    features: {
      claims: true,
      insurance: true,
      charting: true,
      telehealth: true,
      ePrescribe: false,
      changeTracking: false,
      messages: true,
      screenReaderAccessible: true,
    },
  });
  const [office] = await db
    .insert(locations)
    .values({
      practiceId,
      name: GROUP_PRACTICE.location,
      color: '#00838F',
      isDefault: true,
      city: 'Portland',
      state: 'ME',
      zipcode: '04101',
    })
    .returning({ id: locations.id });
  await db.insert(serviceLocations).values([
    { practiceId, locationId: office?.id ?? null, name: 'Office', placeOfServiceCode: '11' },
    { practiceId, name: 'Telehealth', placeOfServiceCode: '02' },
  ]);
  await db.insert(products).values([
    {
      practiceId,
      cptCode: '90834',
      description: 'Psychotherapy, 45 minutes',
      durationMinutes: 45,
      feeCents: 13000,
      isDefault: true,
    },
    {
      practiceId,
      cptCode: '90837',
      description: 'Psychotherapy, 60 minutes',
      durationMinutes: 60,
      feeCents: 17000,
    },
  ]);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const person = async (username: string, firstName: string, lastName: string) => {
    const [user] = await db
      .insert(users)
      .values({
        practiceId,
        username,
        passwordHash,
        type: 'staff',
        firstName,
        lastName,
        email: `${username}@example.com`,
        phone: '2075550100',
        professionalName: `${firstName} ${lastName}`,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('group practice: user insert failed');
    return user.id;
  };
  const managerId = await person(GROUP_PRACTICE.manager, 'Sage', 'Summit');
  await db.insert(userAuthorities).values({ userId: managerId, authority: 'customer.manager' });
  for (const [n, [firstName, lastName]] of GROUP_PRACTICE.therapists.entries()) {
    const userId = await person(`summit.therapist${String(n + 1)}`, firstName, lastName);
    await db.insert(userAuthorities).values({ userId, authority: 'customer.therapist' });
    await db.insert(therapists).values({ practiceId, userId, firstName, lastName });
  }
  await db.insert(practiceAccounts).values({ practiceId, responsibleUserId: managerId });
}

/**
 * Seeds the demo (as the app would on its first start) and then the group
 * practice, before the app opens the database itself.
 */
export async function seedGroupPractice(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await prepareDemo(database, true);
    const [existing] = await database.db
      .select({ id: practices.id })
      .from(practices)
      .where(eq(practices.name, GROUP_PRACTICE.name));
    if (!existing) await database.db.transaction(addPractice);
  } finally {
    await database.close();
  }
}
