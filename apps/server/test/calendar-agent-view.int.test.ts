import { CALENDAR_COLOURS } from '@openpractice/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  auditLog,
  calendarEventAttendees,
  calendarEvents,
  externalAgents,
  externalAgentTherapists,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/** The external agent's calendar view (issue 5 item 11) against the real database. */

let t: TestApp;
let ids: {
  therapist: Record<string, number>;
  agentUser: number;
  agent: number;
  practice1: number;
  practice2: number;
  margaret: number;
};

const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(t.app.db, query))[0];

beforeAll(async () => {
  t = await testApp();
  const therapists = await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  );
  const agent = await one<{ id: number; user_id: number; practice_id: number }>(
    sql`select ea.id, ea.user_id, ea.practice_id from external_agents ea join users u on u.id = ea.user_id where u.username = 'agent'`,
  );
  const practices = await rowsOf<{ id: number }>(
    t.app.db,
    sql`select id from practices order by id`,
  );
  ids = {
    therapist: Object.fromEntries(therapists.map((r) => [r.username, r.id])),
    agentUser: agent?.user_id ?? 0,
    agent: agent?.id ?? 0,
    practice1: practices[0]?.id ?? 0,
    practice2: practices[1]?.id ?? 0,
    margaret:
      (
        await one<{ id: number }>(
          sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
        )
      )?.id ?? 0,
  };
});
afterAll(() => t.close());

/** The agent signed in and acting under its identity in the first practice. */
async function actingAgent(): Promise<Browser> {
  const agent = await signedIn(t.app, 'agent');
  const identities = await agent.get('/api/externalagent/main/identities');
  expect(identities.json().data).toContainEqual({
    id: ids.agent,
    practiceId: ids.practice1,
    practiceName: 'Riverbend Counseling Collective',
  });
  const assumed = await agent.post('/api/externalagent/main/assume', { id: ids.agent });
  expect(assumed.statusCode).toBe(200);
  return agent;
}

/** Today in New York, so the seeded week is the one asked for. */
const todayInNewYork = () =>
  t.clock.now().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

describe('who may use the agent view', () => {
  it.each([
    'manager',
    'owner',
    'scheduler',
    'therapist1',
    'frontoffice',
    'owner2',
    'client1',
    'support',
  ])('%s gets 403', async (username) => {
    const browser = await signedIn(t.app, username);
    for (const path of [
      '/api/calendar/listTherapistsByExternalAgent',
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${todayInNewYork()}`,
    ]) {
      const response = await browser.get(path);
      expect(response.statusCode, `${username} ${path}`).toBe(403);
    }
  });

  it('the agent needs to assume its identity first', async () => {
    const agent = await signedIn(t.app, 'agent');
    expect((await agent.get('/api/calendar/listTherapistsByExternalAgent')).statusCode).toBe(403);
    expect(
      (await agent.post('/api/externalagent/main/assume', { id: ids.agent + 999 })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/calendar/listTherapistsByExternalAgent', () => {
  it('lists the two assigned therapists of the agent', async () => {
    const agent = await actingAgent();
    const response = await agent.get('/api/calendar/listTherapistsByExternalAgent');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.current_practice_id).toBe(ids.practice1);
    expect(response.json().data.therapists).toEqual([
      {
        therapist_id: ids.therapist.therapist2,
        therapist_name: 'Daniel Okafor',
        practice_name: 'Riverbend Counseling Collective',
        external_agent_id: ids.agent,
        practice_id: ids.practice1,
      },
      {
        therapist_id: ids.therapist.therapist1,
        therapist_name: 'Theresa Quinn',
        practice_name: 'Riverbend Counseling Collective',
        external_agent_id: ids.agent,
        practice_id: ids.practice1,
      },
    ]);
  });
});

type AgentRow = {
  calendar_event_id: number;
  therapist_id: number;
  calendar_event_name: string;
  calendar_event_kind: string;
  calendar_color: string | null;
  status: string;
  start_date_time: string;
  external_agent_id: number;
  has_alert: boolean;
  is_teletherapy: boolean;
  location_color: string | null;
};

describe('GET /api/calendar/getTherapistAppointmentsByExternalAgent', () => {
  it('answers the week around the date with the assigned therapists’ events only', async () => {
    const agent = await actingAgent();
    const date = todayInNewYork();
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${date}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { week, timezone, appointments } = response.json().data as {
      week: { start: string; end: string };
      timezone: string;
      appointments: AgentRow[];
    };
    expect(timezone).toBe('America/New_York');
    expect(new Date(`${week.start}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(week.start <= date && date < week.end).toBe(true);
    expect(appointments.length).toBeGreaterThan(0);
    const assigned = new Set([ids.therapist.therapist1, ids.therapist.therapist2]);
    expect(appointments.every((a) => assigned.has(a.therapist_id))).toBe(true);
    expect(appointments.every((a) => a.external_agent_id === ids.agent)).toBe(true);
    // The same events as the practice's own calendar shows for those therapists that week.
    const expected = await rowsOf<{ id: number }>(
      t.app.db,
      sql`select e.id from calendar_events e join practices p on p.id = e.practice_id
          where e.therapist_id in (${ids.therapist.therapist1}, ${ids.therapist.therapist2})
            and e.start_at < (${week.end}::date::timestamp at time zone p.timezone)
            and e.end_at > (${week.start}::date::timestamp at time zone p.timezone)
          order by e.start_at, e.id`,
    );
    expect(appointments.map((a) => a.calendar_event_id)).toEqual(expected.map((e) => e.id));
    for (const a of appointments) {
      expect(Object.keys(a).sort()).toEqual(
        [
          'account_payment_exists',
          'all_day',
          'attended_attendee_count',
          'calendar_color',
          'calendar_event_canceldate',
          'calendar_event_id',
          'calendar_event_kind',
          'calendar_event_name',
          'calendar_event_type_constant',
          'calendar_type_constant',
          'claim_count',
          'end_date_time',
          'external_agent_id',
          'has_alert',
          'isGroup',
          'is_teletherapy',
          'location_color',
          'patient_chart_locked_count',
          'practice_location_id',
          'start_date_time',
          'status',
          'therapist_id',
        ].sort(),
      );
      if (a.calendar_event_kind === 'appointment' && a.status !== 'cancelled') {
        expect(a.calendar_event_name).toMatch(
          /^(Appointment \([A-Z]\. [A-Z]\.\)|Group appointment)$/,
        );
      }
    }
  });

  it('never sends client names, only initials', async () => {
    const agent = await actingAgent();
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${todayInNewYork()}`,
    );
    const names = await rowsOf<{ first_name: string; last_name: string }>(
      t.app.db,
      sql`select distinct c.first_name, c.last_name from calendar_event_attendees a join clients c on c.id = a.client_id
          where a.event_id = any(${sql.raw(`array[${(response.json().data.appointments as AgentRow[]).map((a) => a.calendar_event_id).join(',') || 0}]`)})`,
    );
    expect(names.length).toBeGreaterThan(0);
    const body = response.body;
    for (const n of names) {
      expect(body).not.toContain(`"${n.last_name}`);
      expect(body).not.toContain(n.last_name.length > 3 ? n.last_name : '\u0000');
    }
    expect(body).not.toMatch(
      /user_id_patient|first_name|last_name|record_status|"alert"|cancel_reason/,
    );
  });

  it('audits every client whose appointment the agent read, in one row of the acting practice', async () => {
    const agent = await actingAgent();
    const before = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'client.agent_calendar_viewed'`,
    );
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${todayInNewYork()}`,
    );
    const eventIds = (response.json().data.appointments as AgentRow[]).map(
      (a) => a.calendar_event_id,
    );
    const clients = await rowsOf<{ client_id: number }>(
      t.app.db,
      sql`select distinct client_id from calendar_event_attendees where event_id = any(${sql.raw(`array[${eventIds.join(',')}]`)})`,
    );
    expect(clients.length).toBeGreaterThan(1);
    const after = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'client.agent_calendar_viewed'`,
    );
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.agent_calendar_viewed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      practiceId: ids.practice1,
      actorUserId: ids.agentUser,
      patientId: null,
      detail: expect.objectContaining({
        externalAgentId: ids.agent,
        kind: 'list',
        route: 'GET /api/calendar/getTherapistAppointmentsByExternalAgent',
      }),
    });
    expect([...(row?.patientIds ?? [])].sort((a, b) => a - b)).toEqual(
      clients.map((c) => c.client_id).sort((a, b) => a - b),
    );
  });

  it('shows a cancelled appointment red, with its status and a written cue', async () => {
    // A cancelled appointment for Margaret with therapist1, on a Sunday of the current week (no seeded events there).
    const agent = await actingAgent();
    const first = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${todayInNewYork()}`,
    );
    const sunday = first.json().data.week.start as string;
    const [event] = await t.app.db
      .insert(calendarEvents)
      .values({
        practiceId: ids.practice1,
        therapistId: ids.therapist.therapist1 ?? 0,
        type: 'appointment',
        startAt: new Date(`${sunday}T16:00:00Z`),
        endAt: new Date(`${sunday}T17:00:00Z`),
        isTelehealth: true,
        telehealthPos: '10',
        cancelledAt: new Date(`${sunday}T12:00:00Z`),
        cancelReason: 'Client was ill',
      })
      .returning({ id: calendarEvents.id });
    await t.app.db
      .insert(calendarEventAttendees)
      .values({ eventId: event?.id ?? 0, clientId: ids.margaret });
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${sunday}`,
    );
    const row = (response.json().data.appointments as AgentRow[]).find(
      (a) => a.calendar_event_id === event?.id,
    );
    expect(row).toMatchObject({
      calendar_event_name: 'Cancelled: Appointment (M. H.)',
      calendar_color: CALENDAR_COLOURS.cancelled,
      status: 'cancelled',
      is_teletherapy: true,
      therapist_id: ids.therapist.therapist1,
    });
    expect(JSON.stringify(row)).not.toContain('ill');
  });

  it('leaves out meetings’ own names', async () => {
    const agent = await actingAgent();
    const date = todayInNewYork();
    const week = (
      await agent.get(`/api/calendar/getTherapistAppointmentsByExternalAgent?date=${date}`)
    ).json().data.week;
    const [meeting] = await t.app.db
      .insert(calendarEvents)
      .values({
        practiceId: ids.practice1,
        therapistId: ids.therapist.therapist2 ?? 0,
        type: 'meeting',
        name: 'Case consult about Margaret Hamilton',
        startAt: new Date(`${week.start}T20:00:00Z`),
        endAt: new Date(`${week.start}T21:00:00Z`),
      })
      .returning({ id: calendarEvents.id });
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${date}`,
    );
    const row = (response.json().data.appointments as AgentRow[]).find(
      (a) => a.calendar_event_id === meeting?.id,
    );
    expect(row).toMatchObject({
      calendar_event_name: 'Meeting',
      calendar_color: CALENDAR_COLOURS.meeting,
      status: 'scheduled',
    });
    expect(response.body).not.toContain('Margaret');
  });

  it('ignores an assignment to another practice’s therapist, and adds another identity’s therapists', async () => {
    const agent = await actingAgent();
    // A wrong assignment (the agent's identity is in the first practice; owner2 works in the second).
    await t.app.db
      .insert(externalAgentTherapists)
      .values({ externalAgentId: ids.agent, therapistId: ids.therapist.owner2 ?? 0 });
    let list = (await agent.get('/api/calendar/listTherapistsByExternalAgent')).json().data
      .therapists;
    expect(list.map((r: { therapist_id: number }) => r.therapist_id)).not.toContain(
      ids.therapist.owner2,
    );
    const [event] = await t.app.db
      .insert(calendarEvents)
      .values({
        practiceId: ids.practice2,
        therapistId: ids.therapist.owner2 ?? 0,
        type: 'meeting',
        name: 'Second practice meeting',
        startAt: new Date(`${todayInNewYork()}T22:00:00Z`),
        endAt: new Date(`${todayInNewYork()}T23:00:00Z`),
      })
      .returning({ id: calendarEvents.id });
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${todayInNewYork()}`,
    );
    expect(
      (response.json().data.appointments as AgentRow[]).map((a) => a.calendar_event_id),
    ).not.toContain(event?.id);

    // The second practice gives the same person an identity of its own, with owner2 assigned.
    const [second] = await t.app.db
      .insert(externalAgents)
      .values({ userId: ids.agentUser, practiceId: ids.practice2 })
      .returning({ id: externalAgents.id });
    await t.app.db
      .insert(externalAgentTherapists)
      .values({ externalAgentId: second?.id ?? 0, therapistId: ids.therapist.owner2 ?? 0 });
    list = (await agent.get('/api/calendar/listTherapistsByExternalAgent')).json().data.therapists;
    expect(list.at(-1)).toEqual({
      therapist_id: ids.therapist.owner2,
      therapist_name: 'Nora Second',
      practice_name: 'Harbor Light Therapy',
      external_agent_id: second?.id,
      practice_id: ids.practice2,
    });
    const withSecond = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${todayInNewYork()}`,
    );
    expect(
      (withSecond.json().data.appointments as AgentRow[]).find(
        (a) => a.calendar_event_id === event?.id,
      ),
    ).toMatchObject({ external_agent_id: second?.id, calendar_event_name: 'Meeting' });
    // The read is kept in the practice the agent acts for, and says it read the other too.
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.agent_calendar_viewed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      practiceId: ids.practice1,
      detail: expect.objectContaining({ otherPracticeIds: [ids.practice2] }),
    });
  });

  it.each(['yesterday', '2026-02-30', '20261121'])('refuses the date %s', async (date) => {
    const agent = await actingAgent();
    const response = await agent.get(
      `/api/calendar/getTherapistAppointmentsByExternalAgent?date=${date}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('uses today when no date is given', async () => {
    const agent = await actingAgent();
    const response = await agent.get('/api/calendar/getTherapistAppointmentsByExternalAgent');
    expect(response.statusCode).toBe(200);
    const { week } = response.json().data;
    expect(week.start <= todayInNewYork() && todayInNewYork() < week.end).toBe(true);
  });
});
