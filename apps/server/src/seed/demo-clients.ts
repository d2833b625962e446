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
  practiceInsurances,
  practiceSettings,
  therapists,
  users,
} from '../db/schema/index.ts';
import {
  createContact,
  ensureStandardDemographicFields,
  type ContactInput,
} from '../modules/practice/index.ts';
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

/**
 * Demographic fields each practice asks about (the standard set), and the
 * referral contacts they know: made by the practice module's own services,
 * as the set-up pages make them.
 */
async function seedPracticeLists(db: Db, practices: { first: number; second: number }) {
  for (const practiceId of [practices.first, practices.second]) {
    await ensureStandardDemographicFields(db, practiceId);
  }
  const contact = (input: Omit<ContactInput, 'active'>) => ({ ...input, active: true });
  const contacts: [number, ContactInput][] = [
    [
      practices.first,
      contact({
        kind: 'physician',
        name: 'Dr. Alan Grant',
        organization: 'Maine Medical Partners',
        phone: '2075550142',
        fax: '2075550143',
      }),
    ],
    [
      practices.first,
      contact({
        kind: 'school',
        name: 'Casco Bay High School counselling office',
        organization: 'Portland Public Schools',
        phone: '2075550188',
      }),
    ],
    [
      practices.first,
      contact({ kind: 'referral_source', name: 'Psychology Today directory', organization: null }),
    ],
    [
      practices.second,
      contact({
        kind: 'physician',
        name: 'Harbor Family Medicine',
        organization: null,
        phone: '2075550199',
      }),
    ],
  ];
  for (const [practiceId, input] of contacts) {
    await createContact(db, practiceId, input, new Date());
  }
}

/**
 * The payers and the client records of both practices: the named clients
 * and 196 generated ones for the first, Harriet Harbor and nine generated
 * ones for the second. Returns the first practice's client ids in order and
 * its therapist by username.
 */
async function seedClientRecords(
  db: Db,
  practices: { first: number; second: number },
  userIdsByUsername: Map<string, number>,
) {
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
  return {
    firstIds,
    therapistOf: (username: string) => firstTherapists[therapistIndexOf(username)],
  };
}

/** Chris Client's reason for an appointment, and chart numbers on the first 60 clients. */
async function seedFirstPracticeDetails(db: Db, practiceId: number, clientIds: number[]) {
  // Chris Client asked for an appointment online and said why (only their therapist sees it).
  const chris = clientIds[0];
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
    .where(eq(practiceSettings.practiceId, practiceId));
  for (const [i, id] of clientIds.slice(0, 60).entries()) {
    await db
      .update(clients)
      .set({ customSearchableId: `RB-${String(i + 1).padStart(4, '0')}` })
      .where(eq(clients.id, id));
  }
}

/** A therapy group is a client record marked isGroup; members are clients. */
async function seedTherapyGroup(
  db: Db,
  practiceId: number,
  therapistId: number | undefined,
  clientIds: number[],
) {
  const [group] = await db
    .insert(clients)
    .values({
      practiceId,
      accountNumber: 5001,
      firstName: 'Tuesday Anxiety',
      lastName: 'Group',
      isGroup: true,
      isPrivatePay: true,
    })
    .returning({ id: clients.id });
  if (group && therapistId !== undefined) {
    await db.insert(clientTherapists).values({ clientId: group.id, therapistId, isPrimary: true });
    await db
      .insert(clientGroupMembers)
      .values(
        clientIds
          .slice(1, 5)
          .map((clientId) => ({ groupClientId: group.id, clientId, joinedOn: '2026-01-06' })),
      );
  }
}

/** 200 clients for the first practice and a handful for the second, with referral sources and groups. */
export async function seedDemoClients(
  db: Db,
  practices: { first: number; second: number },
  userIdsByUsername: Map<string, number>,
) {
  await seedPracticeLists(db, practices);
  const { firstIds, therapistOf } = await seedClientRecords(db, practices, userIdsByUsername);
  await seedFirstPracticeDetails(db, practices.first, firstIds);

  // The custodian holds the records of three clients. (therapist1 supervises
  // therapist3: set with the cast, by the staff page's service, demo-staff.ts.)
  const t1 = therapistOf('therapist1');
  const custodian = userIdsByUsername.get('custodian');
  if (custodian)
    await db
      .insert(custodianRecords)
      .values(firstIds.slice(10, 13).map((clientId) => ({ custodianUserId: custodian, clientId })));

  await seedTherapyGroup(db, practices.first, t1?.id, firstIds);
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
