import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  clientInsurances,
  clients,
  insuranceConfirmations,
  insurancePreAuths,
  practiceInsurances,
} from '../db/schema/index.ts';

/**
 * Policies' details, pre-authorizations and benefits confirmations of the
 * first practice's generated demo clients, so the Insurance tab shows what a
 * real caseload looks like: group numbers everywhere, some clients insured as
 * a spouse's or parent's dependent, some older policies that ended, current
 * and expired pre-authorizations, benefits confirmed by phone, and private
 * pay clients with different usual fees. The named demo people (account
 * numbers up to 1004) are left as they are: other features' tests rely on them.
 * Everything is chosen by position, so every seed is the same.
 */

const NAMED_CLIENTS_LAST_ACCOUNT = 1004;
const DAY_MS = 86_400_000;

const REPRESENTATIVES = ['Dana at provider services', 'Luis M.', 'Priya (ref. line)', 'Tom B.'];
const PARENT_NAMES = ['Karen', 'Michael', 'Susan', 'David', 'Linda', 'James'];
const COPAYS = [2000, 2500, 3000, 4000];
const DEDUCTIBLES = [50000, 100000, 150000];
const VISITS_PER_YEAR = [20, 30, 52, null];
const USUAL_FEES = [12000, 15000, 17500, 20000];

function isoDay(now: Date, daysFromNow: number): string {
  return new Date(now.getTime() + daysFromNow * DAY_MS).toISOString().slice(0, 10);
}

/** Payers' group numbers look like their real ones: a short prefix and digits. */
function groupNumber(payerLabel: string | null, policyId: number): string {
  const prefix = (payerLabel ?? 'GRP')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  return `${prefix}${String(100000 + ((policyId * 7919) % 900000))}`;
}

/** The generated clients of the practice, their policies in order, and the practice's payers. */
async function loadCaseload(db: Db, practiceId: number) {
  const people = await db
    .select({
      id: clients.id,
      lastName: clients.lastName,
      dob: clients.dob,
      isPrivatePay: clients.isPrivatePay,
    })
    .from(clients)
    .where(
      and(
        eq(clients.practiceId, practiceId),
        eq(clients.isGroup, false),
        gt(clients.accountNumber, NAMED_CLIENTS_LAST_ACCOUNT),
      ),
    )
    .orderBy(asc(clients.id));
  if (people.length === 0) return null;

  const policies = await db
    .select({
      id: clientInsurances.id,
      clientId: clientInsurances.clientId,
      type: clientInsurances.insuranceType,
      payerId: clientInsurances.practiceInsuranceId,
      payerLabel: practiceInsurances.label,
    })
    .from(clientInsurances)
    .leftJoin(practiceInsurances, eq(practiceInsurances.id, clientInsurances.practiceInsuranceId))
    .where(
      inArray(
        clientInsurances.clientId,
        people.map((p) => p.id),
      ),
    )
    .orderBy(asc(clientInsurances.id));
  const payers = await db
    .select({ id: practiceInsurances.id })
    .from(practiceInsurances)
    .where(eq(practiceInsurances.practiceId, practiceId))
    .orderBy(asc(practiceInsurances.id));
  return { people, policies, payers };
}

type Caseload = NonNullable<Awaited<ReturnType<typeof loadCaseload>>>;
type Policy = Caseload['policies'][number];

/** Every sixth insured client is covered through a spouse or a parent. */
async function seedDependents(
  db: Db,
  primaries: readonly Policy[],
  personOf: Map<number, Caseload['people'][number]>,
): Promise<void> {
  for (const [i, policy] of primaries.entries()) {
    if (i % 6 !== 2) continue;
    const asChild = i % 12 === 2;
    const person = personOf.get(policy.clientId);
    // A parent about 28 years older; a spouse about the client's age.
    const bornYear = Number(person?.dob?.slice(0, 4) ?? 1980) - (asChild ? 28 : 2);
    await db
      .update(clientInsurances)
      .set({
        insuredRelationship: asChild ? 'child' : 'spouse',
        insuredFirstName: PARENT_NAMES[i % PARENT_NAMES.length] ?? 'Karen',
        insuredLastName: person?.lastName ?? 'Smith',
        insuredDob: `${bornYear}-04-12`,
      })
      .where(eq(clientInsurances.id, policy.id));
  }
}

/** Pre-authorizations: a current one for every fifth insured client, an expired one too for some. */
function plannedPreAuths(primaries: readonly Policy[], now: Date) {
  return primaries.flatMap((policy, i) => {
    if (i % 5 !== 1) return [];
    const current = {
      clientInsuranceId: policy.id,
      authNumber: `PA${String(7100000 + policy.id * 13)}`,
      authDate: isoDay(now, -40 - (i % 9)),
      startDate: isoDay(now, -35 - (i % 9)),
      endDate: isoDay(now, 120 + (i % 60)),
      visitsAuthorized: [12, 20, 24][i % 3] ?? 12,
      cptCodes: i % 2 === 0 ? '90834,90837' : '90791,90834',
      notes: i % 4 === 1 ? 'Approved by phone; letter to follow.' : null,
    };
    if (i % 15 !== 1) return [current];
    return [
      current,
      {
        clientInsuranceId: policy.id,
        authNumber: `PA${String(6900000 + policy.id * 13)}`,
        authDate: isoDay(now, -230),
        startDate: isoDay(now, -225),
        endDate: isoDay(now, -41),
        visitsAuthorized: 12,
        cptCodes: '90791,90834',
        notes: null,
      },
    ];
  });
}

/** Benefits confirmed by phone for every third insured client. */
function plannedConfirmations(primaries: readonly Policy[], now: Date) {
  return primaries
    .filter((_p, i) => i % 3 === 0)
    .map((policy, n) => {
      const deductible = DEDUCTIBLES[n % DEDUCTIBLES.length] ?? 100000;
      return {
        clientInsuranceId: policy.id,
        authDate: isoDay(now, -5 - (n % 55)),
        referenceNumber: `REF-${String(880000 + policy.id * 11)}`,
        representative: REPRESENTATIVES[n % REPRESENTATIVES.length] ?? null,
        copayCents: COPAYS[n % COPAYS.length] ?? 2500,
        coinsurancePercent: n % 4 === 3 ? 20 : null,
        deductibleCents: deductible,
        deductibleRemainingCents: Math.round((deductible * ((n * 37) % 100)) / 100),
        visitsPerYear: VISITS_PER_YEAR[n % VISITS_PER_YEAR.length] ?? null,
        notes: n % 5 === 0 ? 'Telehealth covered at the same rate.' : null,
      };
    });
}

export async function seedDemoInsurance(
  db: Db,
  practiceIds: { first: number; second: number },
  now: Date,
): Promise<void> {
  const caseload = await loadCaseload(db, practiceIds.first);
  if (!caseload) return;
  const { people, policies, payers } = caseload;
  const primaries = policies.filter((p) => p.type === 'PRIMARY');

  for (const policy of policies) {
    await db
      .update(clientInsurances)
      .set({ groupNumber: groupNumber(policy.payerLabel, policy.id) })
      .where(eq(clientInsurances.id, policy.id));
  }
  await seedDependents(db, primaries, new Map(people.map((p) => [p.id, p])));

  // Every tenth insured client changed insurance: their old policy ended before this one started.
  const endedPolicies = primaries
    .filter((_p, i) => i % 10 === 4)
    .map((policy, n) => ({
      clientId: policy.clientId,
      practiceInsuranceId: payers[(n + 1) % payers.length]?.id ?? policy.payerId,
      insuranceType: 'PRIMARY' as const,
      insuranceNumber: `X${String(400000000 + policy.id * 37).padStart(9, '0')}`,
      groupNumber: groupNumber(null, policy.id + 1),
      startDate: '2022-01-01',
      endDate: '2024-12-31',
      isCurrent: false,
    }));
  if (endedPolicies.length > 0) await db.insert(clientInsurances).values(endedPolicies);

  const preAuths = plannedPreAuths(primaries, now);
  if (preAuths.length > 0) await db.insert(insurancePreAuths).values(preAuths);
  const confirmations = plannedConfirmations(primaries, now);
  if (confirmations.length > 0) await db.insert(insuranceConfirmations).values(confirmations);

  // Private pay clients pay different usual fees (sliding scale).
  for (const [n, person] of people.filter((p) => p.isPrivatePay).entries()) {
    await db
      .update(clients)
      .set({ usualFeeCents: USUAL_FEES[n % USUAL_FEES.length] ?? 15000 })
      .where(eq(clients.id, person.id));
  }
}
