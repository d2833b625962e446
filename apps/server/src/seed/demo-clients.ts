import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  clientAddresses,
  clientEmails,
  clientGroupMembers,
  clientInsurances,
  clientPhones,
  clients,
  clientTherapists,
  custodianRecords,
  formDefinitions,
  practiceContacts,
  practiceDemographicSettings,
  practiceInsurances,
  practiceSettings,
  therapists,
  therapistSupervisors,
  users,
} from '../db/schema/index.ts';
import { generateClient, seededRandom, type GeneratedClient } from './client-generator.ts';

/** Clients tests and demos can rely on by name (practice 1 unless said). */
export const NAMED_CLIENTS = {
  portalClient: { firstName: 'Chris', lastName: 'Client', therapist: 'therapist1' },
  margaret: { firstName: 'Margaret', lastName: 'Hamilton', therapist: 'therapist1' },
  bob: { firstName: 'Robert', nickName: 'Bob', lastName: 'Sinclair', therapist: 'therapist2' },
  jordan: { firstName: 'Jordan', lastName: 'Avery', therapist: 'therapist3', dob: '1990-04-12' },
  harbor: { firstName: 'Harriet', lastName: 'Harbor', therapist: 'owner2' },
} as const;

export const DEMO_PAYERS = [
  { label: 'Aetna', payerId: '60054' },
  { label: 'Blue Cross Blue Shield of Maine Anthem', payerId: '00180' },
  { label: 'Cigna', payerId: '62308' },
  { label: 'UnitedHealthcare', payerId: '87726' },
  { label: 'Medicare Maine', payerId: '14212' },
];

/** Demographic fields a practice can switch on or off (value OFF disables). */
export const DEMOGRAPHIC_FIELDS = [
  { name: 'race', label: 'Race', value: 'ON' },
  { name: 'ethnicity', label: 'Ethnicity', value: 'ON' },
  { name: 'preferredLanguage', label: 'Preferred language', value: 'ON' },
  { name: 'sexualOrientation', label: 'Sexual orientation', value: 'ON' },
  { name: 'genderIdentity', label: 'Gender identity', value: 'ON' },
  { name: 'religion', label: 'Religion', value: 'OFF' },
  { name: 'education', label: 'Education', value: 'OFF' },
];

/** Form definitions of the demo practices; auto-assigned ones go to every new client. */
export const DEMO_FORMS = [
  { practice: 'first', name: 'Intake questionnaire', autoAssign: true },
  { practice: 'first', name: 'Release of information', autoAssign: false },
  { practice: 'second', name: 'Harbor Light new client packet', autoAssign: true },
] as const;

type PracticeIds = { practiceId: number; therapistIds: number[]; payerIds: number[] };

/** Inserts clients with their therapist, contact details and insurance, in batches. */
export async function insertClients(
  db: Db,
  ctx: PracticeIds,
  people: (GeneratedClient & { portalUserId?: number | null })[],
  firstAccountNumber: number,
  now = Date.now(),
): Promise<number[]> {
  const ids: number[] = [];
  const batchSize = 500;
  for (let start = 0; start < people.length; start += batchSize) {
    const batch = people.slice(start, start + batchSize);
    const rows = await db
      .insert(clients)
      .values(
        batch.map((p, i) => ({
          practiceId: ctx.practiceId,
          portalUserId: p.portalUserId ?? null,
          accountNumber: firstAccountNumber + start + i,
          firstName: p.firstName,
          lastName: p.lastName,
          nickName: p.nickName,
          dob: p.dob,
          gender: p.gender,
          isPrivatePay: p.payerIndex === null,
          usualFeeCents: p.payerIndex === null ? 15000 : null,
          portalStatus: p.portalUserId ? 'ENABLED' : 'INITIAL',
          createdAt: new Date(now - p.createdDaysAgo * 86_400_000),
        })),
      )
      .returning({ id: clients.id });
    const batchIds = rows.map((r) => r.id);
    ids.push(...batchIds);
    const each = <T>(fn: (p: (typeof batch)[number], id: number) => T | null) =>
      batch.flatMap((p, i) => {
        const value = fn(p, batchIds[i] ?? 0);
        return value === null ? [] : [value];
      });
    await db.insert(clientTherapists).values(
      each((p, id) => ({
        clientId: id,
        therapistId: ctx.therapistIds[p.therapistIndex % ctx.therapistIds.length] ?? 0,
        status: p.inactive ? 'INACTIVE' : 'ACTIVE',
        isPrimary: true,
      })),
    );
    await db
      .insert(clientPhones)
      .values(
        each((p, id) => ({ clientId: id, number: p.phone, label: 'Mobile', isDefault: true })),
      );
    await db
      .insert(clientEmails)
      .values(each((p, id) => ({ clientId: id, email: p.email, isDefault: true })));
    await db
      .insert(clientAddresses)
      .values(each((p, id) => ({ clientId: id, ...p.address, isDefault: true, isMailing: true })));
    const policies = [
      ...each((p, id) =>
        p.payerIndex === null
          ? null
          : {
              clientId: id,
              practiceInsuranceId: ctx.payerIds[p.payerIndex] ?? null,
              insuranceType: 'PRIMARY' as const,
              insuranceNumber: p.insuranceNumber,
              startDate: '2025-01-01',
            },
      ),
      ...each((p, id) =>
        p.secondaryPayerIndex === null
          ? null
          : {
              clientId: id,
              practiceInsuranceId: ctx.payerIds[p.secondaryPayerIndex] ?? null,
              insuranceType: 'SECONDARY' as const,
              insuranceNumber: `S${p.insuranceNumber}`,
              startDate: '2025-01-01',
            },
      ),
    ];
    if (policies.length > 0) await db.insert(clientInsurances).values(policies);
  }
  return ids;
}

async function therapistIdsOf(db: Db, practiceId: number) {
  const rows = await db
    .select({ id: therapists.id, userId: therapists.userId })
    .from(therapists)
    .where(eq(therapists.practiceId, practiceId))
    .orderBy(therapists.id);
  return rows;
}

async function addPayers(db: Db, practiceId: number) {
  const rows = await db
    .insert(practiceInsurances)
    .values(
      DEMO_PAYERS.map((p) => ({
        ...p,
        practiceId,
        addressLine1: 'PO Box 14079',
        city: 'Lexington',
        state: 'KY',
        zipcode: '40512',
      })),
    )
    .returning({ id: practiceInsurances.id });
  return rows.map((r) => r.id);
}

function named(
  person: { firstName: string; lastName: string; nickName?: string; dob?: string },
  n: number,
  therapistIndex: number,
): GeneratedClient {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    nickName: person.nickName ?? null,
    dob: person.dob ?? '1985-06-15',
    gender: 'Female',
    phone: `20755501${String(n).padStart(2, '0')}`,
    email: `${person.firstName}.${person.lastName}@example.com`.toLowerCase(),
    address: {
      addressLine1: `${n} Harbor Way`,
      city: 'Portland',
      state: 'ME',
      zipcode: '041012345',
    },
    therapistIndex,
    inactive: false,
    payerIndex: 0,
    secondaryPayerIndex: null,
    insuranceNumber: `W00000000${n}`,
    createdDaysAgo: 30 + n,
  };
}

/** 200 clients for the first practice and a handful for the second, with referral sources and groups. */
export async function seedDemoClients(
  db: Db,
  practices: { first: number; second: number },
  userIdsByUsername: Map<string, number>,
) {
  for (const practiceId of [practices.first, practices.second]) {
    await db
      .insert(practiceDemographicSettings)
      .values(DEMOGRAPHIC_FIELDS.map((f) => ({ ...f, practiceId })));
  }
  await db.insert(practiceContacts).values([
    {
      practiceId: practices.first,
      name: 'Dr. Alan Grant',
      organization: 'Maine Medical Partners',
      phone: '2075550142',
      fax: '2075550143',
    },
    {
      practiceId: practices.first,
      name: 'Casco Bay High School counselling office',
      organization: 'Portland Public Schools',
      phone: '2075550188',
    },
    { practiceId: practices.first, name: 'Psychology Today directory', organization: null },
    {
      practiceId: practices.second,
      name: 'Harbor Family Medicine',
      organization: null,
      phone: '2075550199',
    },
  ]);

  const firstTherapists = await therapistIdsOf(db, practices.first);
  const secondTherapists = await therapistIdsOf(db, practices.second);
  const first: PracticeIds = {
    practiceId: practices.first,
    therapistIds: firstTherapists.map((t) => t.id),
    payerIds: await addPayers(db, practices.first),
  };
  const second: PracticeIds = {
    practiceId: practices.second,
    therapistIds: secondTherapists.map((t) => t.id),
    payerIds: await addPayers(db, practices.second),
  };
  const therapistIndexOf = (username: string) =>
    firstTherapists.findIndex((t) => t.userId === userIdsByUsername.get(username));

  const people: (GeneratedClient & { portalUserId?: number | null })[] = [
    {
      ...named(NAMED_CLIENTS.portalClient, 1, therapistIndexOf('therapist1')),
      portalUserId: userIdsByUsername.get('client1') ?? null,
    },
    named(NAMED_CLIENTS.margaret, 2, therapistIndexOf('therapist1')),
    named(NAMED_CLIENTS.bob, 3, therapistIndexOf('therapist2')),
    named(NAMED_CLIENTS.jordan, 4, therapistIndexOf('therapist3')),
  ];
  const random = seededRandom(2026);
  for (let n = 0; n < 196; n++)
    people.push(generateClient(random, n, first.therapistIds.length, first.payerIds.length));
  const firstIds = await insertClients(db, first, people, 1001);
  await insertClients(
    db,
    second,
    [
      named(NAMED_CLIENTS.harbor, 5, 0),
      ...Array.from({ length: 9 }, (_, n) => generateClient(random, n, 1, second.payerIds.length)),
    ],
    1001,
  );

  // Chris Client asked for an appointment online and said why (only their therapist sees it).
  const chris = firstIds[0];
  if (chris) {
    await db
      .update(clients)
      .set({
        reasonForAppointment:
          'Trouble sleeping since changing jobs; would like evening appointments.',
      })
      .where(eq(clients.id, chris));
  }

  // The first practice numbers its charts; the custom id is searchable.
  await db
    .update(practiceSettings)
    .set({ customSearchableIdLabel: 'Chart number' })
    .where(eq(practiceSettings.practiceId, practices.first));
  for (const [i, id] of firstIds.slice(0, 60).entries()) {
    await db
      .update(clients)
      .set({ customSearchableId: `RB-${String(i + 1).padStart(4, '0')}` })
      .where(eq(clients.id, id));
  }

  // therapist1 supervises therapist3; the custodian holds the records of three clients.
  const t1 = firstTherapists[therapistIndexOf('therapist1')];
  const t3 = firstTherapists[therapistIndexOf('therapist3')];
  if (t1 && t3)
    await db
      .insert(therapistSupervisors)
      .values({ supervisorTherapistId: t1.id, superviseeTherapistId: t3.id });
  const custodian = userIdsByUsername.get('custodian');
  if (custodian)
    await db
      .insert(custodianRecords)
      .values(firstIds.slice(10, 13).map((clientId) => ({ custodianUserId: custodian, clientId })));

  // A therapy group is a client record marked isGroup; members are clients.
  const [group] = await db
    .insert(clients)
    .values({
      practiceId: practices.first,
      accountNumber: 5001,
      firstName: 'Tuesday Anxiety',
      lastName: 'Group',
      isGroup: true,
      isPrivatePay: true,
    })
    .returning({ id: clients.id });
  if (group && t1) {
    await db
      .insert(clientTherapists)
      .values({ clientId: group.id, therapistId: t1.id, isPrimary: true });
    await db
      .insert(clientGroupMembers)
      .values(
        firstIds
          .slice(1, 5)
          .map((clientId) => ({ groupClientId: group.id, clientId, joinedOn: '2026-01-06' })),
      );
  }
  // The portal client's sign-in shares the client's email.
  const portalUser = userIdsByUsername.get('client1');
  if (portalUser)
    await db
      .update(users)
      .set({ email: 'chris.client@example.com' })
      .where(eq(users.id, portalUser));

  // Forms: new clients get the intake questionnaire; the release is given by hand.
  await db.insert(formDefinitions).values(
    DEMO_FORMS.map((form) => ({
      practiceId: practices[form.practice],
      name: form.name,
      autoAssign: form.autoAssign,
    })),
  );
}
