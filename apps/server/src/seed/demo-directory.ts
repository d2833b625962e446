import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  availabilityDays,
  availabilitySpans,
  practiceInsurances,
  therapistAcceptedInsurances,
  therapists,
  users,
} from '../db/schema/index.ts';

type Listing = {
  username: string;
  bio: string;
  specialties: string[];
  /** Labels of the practice's payers the therapist accepts. */
  payers: string[];
  acceptingNewClients?: boolean;
};

/**
 * The first practice lists therapist1–4 (therapist5 is not listed);
 * therapist3 sees clients in person only (no telehealth, set at seed) and
 * therapist4 is not taking new clients, so the directory shows both states.
 */
const FIRST_PRACTICE: Listing[] = [
  {
    username: 'therapist1',
    bio: 'I help adults who feel stuck in cycles of worry, low mood or burnout. My approach blends cognitive behavioral therapy with mindfulness, and I also provide medication evaluations. Sessions are practical and collaborative: we set goals together and check in on them often.',
    specialties: ['Anxiety', 'Depression', 'Medication management', 'Burnout'],
    payers: ['Aetna', 'Blue Cross Blue Shield of Maine Anthem', 'Medicare Maine'],
  },
  {
    username: 'therapist2',
    bio: 'Life transitions, loss and trauma can leave us feeling unlike ourselves. I offer a warm, steady space to make sense of what happened, using trauma-focused CBT and EMDR. I work with adults and young adults, in the office or by video.',
    specialties: ['Trauma/PTSD', 'Grief', 'Anxiety', 'Life transitions'],
    payers: ['Aetna', 'Cigna', 'UnitedHealthcare'],
  },
  {
    username: 'therapist3',
    bio: 'I work with couples and families who want to communicate better and feel closer, and with teenagers finding their footing. My work draws on emotionally focused and structural family therapy. Evening appointments are available at the Main Office.',
    specialties: ['Couples', 'Family conflict', 'Adolescents'],
    payers: ['Blue Cross Blue Shield of Maine Anthem', 'Cigna'],
  },
  {
    username: 'therapist4',
    bio: 'I specialize in helping adolescents and adults manage depression, anger and substance use. I use motivational interviewing and dialectical behavior therapy skills, with a focus on building routines that last.',
    specialties: ['Depression', 'Adolescents', 'Substance use', 'Anger management'],
    payers: [
      'Aetna',
      'Blue Cross Blue Shield of Maine Anthem',
      'Cigna',
      'UnitedHealthcare',
      'Medicare Maine',
    ],
    acceptingNewClients: false,
  },
];

/** The second practice's therapist is listed too, so isolation and the per-practice page show. */
const SECOND_PRACTICE: Listing[] = [
  {
    username: 'owner2',
    bio: 'I support adults through anxiety, grief and the strain of caring for family members. Sessions are unhurried and grounded in acceptance and commitment therapy.',
    specialties: ['Anxiety', 'Grief', 'Caregiver stress'],
    payers: ['Aetna', 'Cigna'],
  },
];

async function listTherapists(db: Db, practiceId: number, listings: Listing[]): Promise<void> {
  const rows = await db
    .select({ id: therapists.id, username: users.username })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .where(eq(therapists.practiceId, practiceId));
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const payers = await db
    .select({ id: practiceInsurances.id, label: practiceInsurances.label })
    .from(practiceInsurances)
    .where(eq(practiceInsurances.practiceId, practiceId));
  const payerIdOf = new Map(payers.map((p) => [p.label, p.id]));
  for (const listing of listings) {
    const therapistId = idOf.get(listing.username);
    if (therapistId === undefined) throw new Error(`Demo seed: ${listing.username} is missing`);
    await db
      .update(therapists)
      .set({
        publicListed: true,
        bio: listing.bio,
        specialties: listing.specialties,
        photoUrl: null,
        acceptingNewClients: listing.acceptingNewClients ?? true,
      })
      .where(eq(therapists.id, therapistId));
    const accepted = listing.payers.map((label) => {
      const id = payerIdOf.get(label);
      if (id === undefined) throw new Error(`Demo seed: payer ${label} is missing`);
      return { therapistId, practiceInsuranceId: id };
    });
    if (accepted.length > 0) await db.insert(therapistAcceptedInsurances).values(accepted);
  }
}

/**
 * The second practice has no demo calendar; its listed therapist gets online
 * availability (Tuesday and Thursday, 10:00–16:00, in person or by video) so
 * its directory page shows open times.
 */
async function secondPracticeAvailability(db: Db, practiceId: number): Promise<void> {
  const [therapist] = await rowsOf<{ id: number; locationId: number | null }>(
    db,
    sql`select t.id, (select l.id from locations l where l.practice_id = t.practice_id
                       order by l.is_default desc, l.id limit 1) as "locationId"
        from therapists t join users u on u.id = t.user_id
        where t.practice_id = ${practiceId} and u.username = 'owner2'`,
  );
  if (!therapist) return;
  const existing = await db
    .select({ id: availabilitySpans.id })
    .from(availabilitySpans)
    .where(
      and(
        eq(availabilitySpans.practiceId, practiceId),
        eq(availabilitySpans.therapistId, therapist.id),
      ),
    );
  if (existing.length > 0) return;
  const [span] = await db
    .insert(availabilitySpans)
    .values({ practiceId, therapistId: therapist.id })
    .returning({ id: availabilitySpans.id });
  if (!span) throw new Error('Demo seed: span insert failed');
  await db.insert(availabilityDays).values(
    [2, 4].map((dayOfWeek) => ({
      spanId: span.id,
      dayOfWeek,
      locationId: therapist.locationId,
      startTime: '10:00',
      endTime: '16:00',
      onlineScheduling: true,
      scheduleEvery: 60,
      inPersonEnabled: true,
      teletherapyEnabled: true,
    })),
  );
}

/** The public directory: therapist bios, specialties, photos, accepted payers, online booking. */
export async function seedDemoDirectory(
  db: Db,
  practiceIds: { first: number; second: number },
  _now: Date,
): Promise<void> {
  await listTherapists(db, practiceIds.first, FIRST_PRACTICE);
  await listTherapists(db, practiceIds.second, SECOND_PRACTICE);
  await secondPracticeAvailability(db, practiceIds.second);
  // The first practice keeps 'request' mode (the default): staff confirm online bookings.
}
