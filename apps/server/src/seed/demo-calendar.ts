import { zonedIsoDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import {
  availabilityDays,
  availabilitySpans,
  calendarEventAttendees,
  calendarEvents,
  calendarSeries,
} from '../db/schema/index.ts';
import { seededRandom } from './client-generator.ts';

const WEEKS_EACH_WAY = 8;
/** The group's weekly evening session: four weeks back to eight weeks ahead. */
const GROUP_WEEKS_BACK = 4;
const GROUP_WEEKS_AHEAD = 8;
const GROUP_WEEKDAY = 3; // Wednesday
const GROUP_START = '18:00:00';
const GROUP_MINUTES = 90;
const PER_DAY = 3;
const BATCH = 500;
const CANCEL_REASONS = [
  'Client is unwell',
  'Schedule conflict at work',
  'Therapist unavailable',
  'Weather',
  'Client asked to reschedule',
];

type Therapist = { id: number; clientIds: number[] };

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

type CalendarPractice = { timezone: string; locationId: number; productIds: number[] };

type Planned = {
  event: typeof calendarEvents.$inferInsert;
  clientId: number;
  productId: number;
  attended: boolean | null;
  noShow: boolean;
};

/** A random item of `items`, drawn from `random`. */
function picker(random: () => number) {
  return <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('Demo seed: nothing to pick from');
    return item;
  };
}

/** The practice's zone, main office and individual therapy services (45 and 60 minutes). */
async function loadPractice(db: Db, practiceId: number): Promise<CalendarPractice> {
  const [practice] = await rowsOf<CalendarPractice>(
    db,
    sql`select p.timezone,
          (select l.id from locations l where l.practice_id = p.id order by l.is_default desc, l.id limit 1) as "locationId",
          (select array_agg(pr.id order by pr.id) from products pr
            where pr.practice_id = p.id and pr.cpt_code in ('90834', '90837')) as "productIds"
        from practices p where p.id = ${practiceId}`,
  );
  if (!practice) throw new Error('Demo seed: practice is missing');
  return practice;
}

/** Every therapist with their active individual clients. */
function loadTherapists(db: Db, practiceId: number): Promise<Therapist[]> {
  return rowsOf<Therapist>(
    db,
    sql`select t.id, coalesce(array_agg(ct.client_id order by ct.client_id) filter (where ct.client_id is not null), '{}') as "clientIds"
        from therapists t
        left join client_therapists ct on ct.therapist_id = t.id and ct.status = 'ACTIVE'
          and exists (select 1 from clients c where c.id = ct.client_id and not c.is_group
                      and c.merged_into_id is null and c.record_status_id = 1)
        where t.practice_id = ${practiceId}
        group by t.id order by t.id`,
  );
}

/** Weekday availability 09:00-17:00 at the main office, hourly, in person and online. */
async function seedWeekdayAvailability(
  db: Db,
  practiceId: number,
  therapists: readonly Therapist[],
  locationId: number,
): Promise<void> {
  const spans = await db
    .insert(availabilitySpans)
    .values(therapists.map((t) => ({ practiceId, therapistId: t.id })))
    .returning({ id: availabilitySpans.id });
  await db.insert(availabilityDays).values(
    spans.flatMap((span) =>
      [1, 2, 3, 4, 5].map((dayOfWeek) => ({
        spanId: span.id,
        dayOfWeek,
        locationId,
        startTime: '09:00',
        endTime: '17:00',
        onlineScheduling: true,
        scheduleEvery: 60,
        inPersonEnabled: true,
        teletherapyEnabled: true,
      })),
    ),
  );
}

/**
 * About three appointments a therapist a weekday, eight weeks each way from
 * today, mostly with their own clients; some cancelled, past ones attended
 * or missed.
 */
function planAppointments(
  practiceId: number,
  practice: CalendarPractice,
  therapists: readonly Therapist[],
  todayMs: number,
  random: () => number,
): Planned[] {
  const pick = picker(random);
  const everyone = [...new Set(therapists.flatMap((t) => t.clientIds))];
  const planned: Planned[] = [];
  for (let offset = -WEEKS_EACH_WAY * 7; offset <= WEEKS_EACH_WAY * 7; offset++) {
    const day = new Date(todayMs + offset * 86_400_000);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const date = day.toISOString().slice(0, 10);
    for (const therapist of therapists) {
      const hours = [9, 10, 11, 13, 14, 15, 16].sort(() => random() - 0.5).slice(0, PER_DAY);
      for (const hour of hours) {
        const own = therapist.clientIds.length > 0 && random() < 0.85;
        const clientId = pick(own ? therapist.clientIds : everyone);
        const minutes = random() < 0.6 ? 45 : 60;
        const telehealth = random() < 0.2;
        const past = offset < 0;
        const cancelled = random() < 0.08;
        const local = `${date} ${String(hour).padStart(2, '0')}:00:00`;
        const startAt = sql`(${local}::timestamp at time zone ${practice.timezone})`;
        const outcome = random();
        planned.push({
          event: {
            practiceId,
            therapistId: therapist.id,
            type: 'appointment',
            name: '',
            startAt: startAt as unknown as Date,
            endAt:
              sql`(${local}::timestamp at time zone ${practice.timezone}) + make_interval(mins => ${minutes}::int)` as unknown as Date,
            locationId: telehealth ? null : practice.locationId,
            isTelehealth: telehealth,
            telehealthPos: telehealth ? (random() < 0.5 ? '02' : '10') : null,
            cancelledAt: cancelled ? (sql`${startAt} - interval '1 day'` as unknown as Date) : null,
            cancelReason: cancelled ? pick(CANCEL_REASONS) : null,
          },
          clientId,
          productId: pick(practice.productIds),
          attended:
            past && !cancelled ? (outcome < 0.8 ? true : outcome < 0.9 ? false : null) : null,
          noShow: past && !cancelled && outcome >= 0.8 && outcome < 0.9,
        });
      }
    }
  }
  return planned;
}

async function insertAppointments(db: Db, planned: readonly Planned[]): Promise<void> {
  for (const batch of chunks(planned, BATCH)) {
    const events = await db
      .insert(calendarEvents)
      .values(batch.map((p) => p.event))
      .returning({ id: calendarEvents.id });
    await db.insert(calendarEventAttendees).values(
      batch.map((p, i) => ({
        eventId: events[i]?.id ?? 0,
        clientId: p.clientId,
        productId: p.productId,
        attended: p.attended,
        noShow: p.noShow,
        checkedInAt: p.attended ? p.event.startAt : null,
      })),
    );
  }
}

/**
 * The first practice's calendar: weekday availability 09:00-17:00 at the main
 * office for every therapist, and about three appointments a therapist a
 * weekday from eight weeks back to eight weeks ahead. Deterministic for a given day.
 */
export async function seedDemoCalendar(db: Db, practiceId: number, now: Date): Promise<void> {
  const practice = await loadPractice(db, practiceId);
  const therapists = await loadTherapists(db, practiceId);
  await seedWeekdayAvailability(db, practiceId, therapists, practice.locationId);

  const random = seededRandom(20261121);
  const todayMs = Date.parse(`${zonedIsoDate(now, practice.timezone)}T00:00:00Z`);
  await insertAppointments(db, planAppointments(practiceId, practice, therapists, todayMs, random));
  await seedGroupSeries(
    db,
    practiceId,
    practice.timezone,
    practice.locationId,
    todayMs,
    now,
    random,
  );
}

/**
 * The demo group meets Wednesdays 18:00-19:30 with its therapist: a real
 * weekly series, each occurrence with the group's members as attendees and
 * the group service; past sessions have their attendance recorded.
 */
async function seedGroupSeries(
  db: Db,
  practiceId: number,
  timezone: string,
  locationId: number,
  todayMs: number,
  now: Date,
  random: () => number,
): Promise<void> {
  const [group] = await rowsOf<{
    id: number;
    therapistId: number | null;
    productId: number | null;
    memberIds: number[];
  }>(
    db,
    sql`select c.id,
          (select ct.therapist_id from client_therapists ct where ct.client_id = c.id
            order by ct.is_primary desc, ct.therapist_id limit 1) as "therapistId",
          (select pr.id from products pr where pr.practice_id = c.practice_id and pr.is_group and pr.active
            order by pr.is_default desc, pr.id limit 1) as "productId",
          coalesce((select array_agg(gm.client_id order by gm.client_id) from client_group_members gm
            where gm.group_client_id = c.id and gm.left_on is null), '{}') as "memberIds"
        from clients c where c.practice_id = ${practiceId} and c.is_group
        order by c.id limit 1`,
  );
  if (!group || group.therapistId === null || group.memberIds.length === 0) return;
  const weekday = new Date(todayMs).getUTCDay();
  const thisWeeks = todayMs + (GROUP_WEEKDAY - weekday) * 86_400_000;
  const count = GROUP_WEEKS_BACK + 1 + GROUP_WEEKS_AHEAD;
  const [series] = await db
    .insert(calendarSeries)
    .values({ practiceId, rule: 'weekly', intervalWeeks: 1, occurrences: count })
    .returning({ id: calendarSeries.id });
  if (!series) throw new Error('Demo seed: group series insert failed');
  const sessions = Array.from({ length: count }, (_, i) => {
    const date = new Date(thisWeeks + (i - GROUP_WEEKS_BACK) * 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const local = `${date} ${GROUP_START}`;
    return {
      startAt: sql`(${local}::timestamp at time zone ${timezone})` as unknown as Date,
      endAt:
        sql`(${local}::timestamp at time zone ${timezone}) + make_interval(mins => ${GROUP_MINUTES}::int)` as unknown as Date,
    };
  });
  const events = await db
    .insert(calendarEvents)
    .values(
      sessions.map((session) => ({
        practiceId,
        therapistId: group.therapistId ?? 0,
        type: 'appointment' as const,
        name: '',
        startAt: session.startAt,
        endAt: session.endAt,
        locationId,
        seriesId: series.id,
        groupClientId: group.id,
      })),
    )
    .returning({ id: calendarEvents.id, startAt: calendarEvents.startAt });
  await db.insert(calendarEventAttendees).values(
    events.flatMap((event) =>
      group.memberIds.map((clientId) => {
        const past = event.startAt.getTime() + GROUP_MINUTES * 60_000 < now.getTime();
        const outcome = random();
        const attended = past ? outcome < 0.85 : null;
        return {
          eventId: event.id,
          clientId,
          productId: group.productId,
          attended,
          noShow: past && outcome >= 0.85 && outcome < 0.95,
          checkedInAt: attended ? event.startAt : null,
        };
      }),
    ),
  );
}
