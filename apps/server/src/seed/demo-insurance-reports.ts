import {
  confirmationYearStart,
  DELETED_RECORD_STATUS_ID,
  windowEnd,
  zonedIsoDate,
} from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  clientInsurances,
  insuranceConfirmations,
  insurancePreAuths,
  practices,
} from '../db/schema/index.ts';
import { NAMED_CLIENTS } from './demo-clients.ts';

type Candidate = { clientId: number; insuranceId: number };

/** Days from today as an ISO date (negative: in the past). */
const dayFrom = (today: string, days: number) => windowEnd(today, days);

/**
 * Clients whose insurance the reports' cases may take over: generated
 * clients (not the named people other demos and tests rely on), active, with
 * one current primary policy with a payer, open-ended, and no precert,
 * confirmation or second policy yet, so nothing seeded before is changed.
 */
async function candidatesOf(db: Db, practiceId: number): Promise<Candidate[]> {
  const named = Object.values(NAMED_CLIENTS).map((p) => `${p.firstName} ${p.lastName}`);
  return rowsOf<Candidate>(
    db,
    sql`with single as (
        select c.id as client_id, min(c.account_number) as account_number, min(ci.id) as insurance_id
        from clients c join client_insurances ci on ci.client_id = c.id
        where c.practice_id = ${practiceId} and not c.is_group and c.merged_into_id is null
          and c.record_status_id <> ${DELETED_RECORD_STATUS_ID} and c.portal_user_id is null
          and (c.first_name || ' ' || c.last_name) not in (${sql.join(
            named.map((n) => sql`${n}`),
            sql`, `,
          )})
          and exists (select 1 from client_therapists ct
                      where ct.client_id = c.id and ct.status = 'ACTIVE')
        group by c.id
        having count(*) = 1
          and bool_and(ci.is_current and ci.insurance_type = 'PRIMARY' and ci.end_date is null
                       and ci.practice_insurance_id is not null))
      select s.client_id as "clientId", s.insurance_id as "insuranceId" from single s
      where not exists (select 1 from insurance_pre_auths pa where pa.client_insurance_id = s.insurance_id)
        and not exists (select 1 from insurance_confirmations ic where ic.client_insurance_id = s.insurance_id)
      order by s.account_number`,
  );
}

/** Attended visits of a client since `from` (a practice day), as the visit count sees them. */
async function attendedSince(
  db: Db,
  practiceId: number,
  timezone: string,
  clientIds: number[],
  from: string,
): Promise<Map<number, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await rowsOf<{ clientId: number; used: number }>(
    db,
    sql`select a.client_id as "clientId", count(*)::int as used
      from calendar_event_attendees a join calendar_events e on e.id = a.event_id
      where e.practice_id = ${practiceId} and e.type = 'appointment' and e.cancelled_at is null
        and a.attended is true and e.start_at >= (${from}::date::timestamp at time zone ${timezone})
        and a.client_id in (${sql.join(
          clientIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      group by a.client_id`,
  );
  return new Map(rows.map((r) => [r.clientId, r.used]));
}

const REPRESENTATIVES = ['Dana M.', 'Luis R.', 'Priya K.', 'Tom W.', 'Grace L.'];
/** Second policies with no payer yet; one without its number either. */
const UNVERIFIED = [
  { number: 'HPH402281937', startedDaysAgo: 21 },
  { number: 'MWH77310452', startedDaysAgo: 60 },
  { number: null, startedDaysAgo: 120 },
];
/** Precerts ending soon: granted, starting and ending so many days from today. */
const EXPIRING_PRECERTS = [
  { grantedDaysAgo: 80, startedDaysAgo: 75, endsIn: 6, visits: 12 },
  { grantedDaysAgo: 62, startedDaysAgo: 60, endsIn: 19, visits: 20 },
  { grantedDaysAgo: 30, startedDaysAgo: 28, endsIn: 40, visits: 10 },
];
/** Visits left on the visit-limit precerts after what the client attended. */
const VISITS_LEFT = [1, 2, 4, 8];

/** Benefits confirmed: this year for the first eight (off the unconfirmed list), only last year for the others (on it). */
async function seedConfirmations(
  db: Db,
  today: string,
  yearStart: string,
  confirmed: readonly Candidate[],
): Promise<void> {
  if (confirmed.length === 0) return;
  await db.insert(insuranceConfirmations).values(
    confirmed.map((c, i) => {
      const thisYear = i < 8;
      const recent = dayFrom(today, -(3 + i * 5));
      return {
        clientInsuranceId: c.insuranceId,
        authDate: thisYear
          ? recent < yearStart
            ? yearStart
            : recent
          : dayFrom(yearStart, -(40 + i * 9)),
        referenceNumber: `REF${String(48213 + i * 731).padStart(8, '0')}`,
        representative: REPRESENTATIVES[i % REPRESENTATIVES.length] ?? null,
        copayCents: [2500, 3000, 2000, 4000][i % 4] ?? 2500,
        coinsurancePercent: i % 3 === 0 ? 20 : null,
        deductibleCents: 150000,
        deductibleRemainingCents: 150000 - i * 12000,
        visitsPerYear: i % 2 === 0 ? 30 : null,
      };
    }),
  );
}

/** Precerts ending soon, one per EXPIRING_PRECERTS case. */
async function seedExpiringPrecerts(
  db: Db,
  today: string,
  cases: readonly Candidate[],
): Promise<void> {
  const expiring = cases.flatMap((c, i) => {
    const precert = EXPIRING_PRECERTS[i];
    return precert
      ? [
          {
            clientInsuranceId: c.insuranceId,
            authDate: dayFrom(today, -precert.grantedDaysAgo),
            authNumber: `PA${String(7731042 + i * 317).padStart(9, '0')}`,
            startDate: dayFrom(today, -precert.startedDaysAgo),
            endDate: dayFrom(today, precert.endsIn),
            visitsAuthorized: precert.visits,
            cptCodes: '90834, 90837',
            notes: 'Outpatient psychotherapy, in network.',
          },
        ]
      : [];
  });
  if (expiring.length > 0) await db.insert(insurancePreAuths).values(expiring);
}

/**
 * Visit limits: precerts since eight weeks ago for the clients of `pool` seen
 * most, with one, two, four and eight visits left after what they attended.
 */
async function seedVisitLimits(
  db: Db,
  practiceId: number,
  timezone: string,
  today: string,
  pool: readonly Candidate[],
): Promise<void> {
  const since = dayFrom(today, -56);
  const used = await attendedSince(
    db,
    practiceId,
    timezone,
    pool.map((c) => c.clientId),
    since,
  );
  const busiest = [...pool]
    .filter((c) => (used.get(c.clientId) ?? 0) > 0)
    .sort((a, b) => (used.get(b.clientId) ?? 0) - (used.get(a.clientId) ?? 0))
    .slice(0, VISITS_LEFT.length);
  if (busiest.length === 0) return;
  await db.insert(insurancePreAuths).values(
    busiest.map((c, i) => ({
      clientInsuranceId: c.insuranceId,
      authDate: dayFrom(today, -58),
      authNumber: `PA${String(8820150 + i * 211).padStart(9, '0')}`,
      startDate: since,
      endDate: dayFrom(today, 60 + i * 30),
      visitsAuthorized: (used.get(c.clientId) ?? 0) + (VISITS_LEFT[i] ?? 8),
      cptCodes: '90837',
      notes: 'Concurrent review needed before more visits.',
    })),
  );
}

/**
 * Cases each insurance report lists, in the first practice: policies ending
 * within 30 days (one at 45, seen with a longer window), policies nobody
 * matched to a payer, benefits confirmed this year (off the list) and only
 * last year (on it), precerts ending soon, and precerts whose visits are
 * mostly used, counted from the demo calendar's attended appointments.
 */
export async function seedDemoInsuranceReports(
  db: Db,
  practiceIds: { first: number; second: number },
  now: Date,
): Promise<void> {
  const practiceId = practiceIds.first;
  const [practice] = await db
    .select({ timezone: practices.timezone })
    .from(practices)
    .where(eq(practices.id, practiceId));
  const timezone = practice?.timezone ?? 'America/New_York';
  const today = zonedIsoDate(now, timezone);
  const candidates = await candidatesOf(db, practiceId);
  const take = (n: number) => candidates.splice(0, n);

  // Expiring policies: coverage ends within the month; one ends in 45 days.
  const endsIn = [4, 11, 23, 45];
  for (const [i, c] of take(endsIn.length).entries()) {
    await db
      .update(clientInsurances)
      .set({ endDate: dayFrom(today, endsIn[i] ?? 30) })
      .where(eq(clientInsurances.id, c.insuranceId));
  }

  // Unverified policies: a second policy the client told us about, not yet matched to a payer.
  const unverified = UNVERIFIED.map((u, i) => ({ ...u, candidate: candidates[i] }));
  take(UNVERIFIED.length);
  const unverifiedRows = unverified.flatMap(({ candidate, number, startedDaysAgo }) =>
    candidate
      ? [
          {
            clientId: candidate.clientId,
            practiceInsuranceId: null,
            insuranceType: 'SECONDARY' as const,
            insuranceNumber: number,
            startDate: dayFrom(today, -startedDaysAgo),
            isCurrent: true,
          },
        ]
      : [],
  );
  if (unverifiedRows.length > 0) await db.insert(clientInsurances).values(unverifiedRows);

  await seedConfirmations(db, today, confirmationYearStart(today), take(10));
  await seedExpiringPrecerts(db, today, take(EXPIRING_PRECERTS.length));
  await seedVisitLimits(db, practiceId, timezone, today, take(12));
}
