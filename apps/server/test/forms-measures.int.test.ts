import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Measurement-based care (issue 18 item 6): PHQ-9 and GAD-7 scored on the server on submit,
 * incomplete never prorated, item 9 raising the therapist's alert and an email with no
 * clinical detail, schedules, and the score history for the Measures chart.
 */

let t: TestApp;
let therapist1: Browser;
let frontoffice: Browser;
let client1: Browser;
let owner2: Browser;
let chris: number;
const defs = new Map<string, number>();

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.database.db, query);
const phq9 = (values: (number | null)[]) =>
  Object.fromEntries(values.flatMap((v, i) => (v === null ? [] : [[`phq9-${i + 1}`, String(v)]])));

beforeAll(async () => {
  t = await testApp();
  [therapist1, frontoffice, client1, owner2] = await Promise.all([
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'frontoffice'),
    signedIn(t.app, 'client1'),
    signedIn(t.app, 'owner2'),
  ]);
  chris = (
    await rows<{ id: number }>(
      sql`select c.id from clients c join users u on u.id = c.portal_user_id where u.username = 'client1'`,
    )
  )[0]!.id;
  for (const d of (await therapist1.get('/api/form/definition')).json().data as {
    id: number;
    libraryKey: string | null;
  }[])
    if (d.libraryKey) defs.set(d.libraryKey, d.id);
});
afterAll(() => t.close());

async function give(key: string) {
  const given = await therapist1.post('/api/form/assignment', {
    patientId: chris,
    formDefinitionIds: [defs.get(key)],
  });
  if (given.json().data[0]) return given.json().data[0].id as number;
  const open = (await client1.get('/api/form/patient')).json().data as {
    id: number;
    formDefinitionId: number;
    state: string;
  }[];
  return open.find(
    (a) => a.formDefinitionId === defs.get(key) && ['assigned', 'in_progress'].includes(a.state),
  )!.id;
}

describe('scoring on submit', () => {
  it('scores a PHQ-9 the client submits, whatever the browser showed, with no alert for item 9 at 0', async () => {
    const id = await give('phq9');
    const response = await client1.post(`/api/form/patient/${id}/submit`, {
      answers: phq9([3, 3, 2, 2, 1, 1, 0, 0, 0]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.score).toMatchObject({
      measure: 'phq9',
      complete: true,
      total: 12,
      severity: 'Moderate',
      selfHarmAlert: false,
    });
    expect(response.json().data.assignment.state).toBe('completed');
  });

  it('item 9 above zero raises an alert for the therapist at once, and an email with no clinical detail', async () => {
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from outbound_emails where kind = 'measure_alert'`,
    );
    const id = await give('phq9');
    const response = await client1.post(`/api/form/patient/${id}/submit`, {
      answers: phq9([1, 1, 1, 1, 1, 1, 1, 1, 1]),
    });
    expect(response.json().data.score).toMatchObject({
      total: 9,
      severity: 'Mild',
      selfHarmAlert: true,
    });
    const alerts = (await therapist1.get('/api/measures/alerts')).json().data as {
      patientId: number;
      assignmentId: number;
      id: number;
    }[];
    const alert = alerts.find((a) => a.assignmentId === id);
    expect(alert).toMatchObject({ patientId: chris, clientName: 'Chris Client' });
    const emails = await rows<{ recipient: string; subject: string; body: string }>(
      sql`select recipient, subject, body from outbound_emails where kind = 'measure_alert' order by id desc`,
    );
    expect(emails.length).toBe(before[0]!.n + 1);
    expect(emails[0]!.recipient).toBe('therapist1@example.com');
    for (const text of [emails[0]!.subject, emails[0]!.body])
      expect(text).not.toMatch(/Chris|PHQ|GAD|harm|suicid|score|item|depress/i);
    const ack = await therapist1.post(`/api/measures/alerts/${alert!.id}/acknowledge`);
    expect(ack.json().data.acknowledgedAt).not.toBeNull();
    expect(
      ((await therapist1.get('/api/measures/alerts')).json().data as { id: number }[]).some(
        (a) => a.id === alert!.id,
      ),
    ).toBe(false);
  });

  it('an incomplete measure cannot be submitted (items are required), and a stored incomplete one has no total', async () => {
    const id = await give('gad7');
    const refused = await client1.post(`/api/form/patient/${id}/submit`, {
      answers: { 'gad7-1': '2' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('answers.gad7-2');
    // A score row for an incomplete response (e.g. from an older definition) keeps no total.
    const check = await rows<{ ok: boolean }>(
      sql`select not exists (select 1 from measure_scores where not complete and total is not null) as ok`,
    );
    expect(check[0]!.ok).toBe(true);
  });

  it('a wrong answer (outside the options) is 400 naming the item', async () => {
    const id = await give('gad7');
    const bad = await client1.request('PUT', `/api/form/patient/${id}`, {
      answers: { 'gad7-1': '4' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('answers.gad7-1');
  });
});

describe('history and schedules', () => {
  it('gives the Measures chart every score with bands, response and remission', async () => {
    const response = await therapist1.get(`/api/measures/clients/${chris}/history`);
    expect(response.statusCode).toBe(200);
    const phq = response.json().data.find((m: { measure: string }) => m.measure === 'phq9');
    expect(phq).toMatchObject({ loinc: '44249-1', maximum: 27, response: false, remission: false });
    expect(phq.points.map((p: { total: number }) => p.total)).toEqual([12, 9]);
    expect(phq.bands.map((b: { from: number }) => b.from)).toEqual([0, 5, 10, 15, 20]);
  });

  it('the demo has an improving client (response and remission) and one with item 9 positive', async () => {
    const improving = await rows<{ clientId: number }>(
      sql`select client_id as "clientId" from measure_scores where measure = 'phq9' group by client_id having count(*) = 4`,
    );
    const data = (
      await therapist1.get(`/api/measures/clients/${improving[0]!.clientId}/history`)
    ).json().data;
    expect(data[0]).toMatchObject({ response: true, remission: true });
    expect(data[0].points.map((p: { total: number }) => p.total)).toEqual([19, 14, 9, 4]);
    const flagged = await rows<{ n: number }>(
      sql`select count(*)::int as n from measure_alerts where acknowledged_at is null`,
    );
    expect(flagged[0]!.n).toBeGreaterThan(0);
  });

  it('saves a schedule per client and measure', async () => {
    const saved = await therapist1.request('PUT', `/api/measures/clients/${chris}/schedules/gad7`, {
      frequency: 'every_other_appointment',
      active: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = (await therapist1.get(`/api/measures/clients/${chris}/schedules`)).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        measure: 'gad7',
        frequency: 'every_other_appointment',
        active: true,
      }),
    ]);
    const bad = await therapist1.request('PUT', `/api/measures/clients/${chris}/schedules/gad7`, {
      frequency: 'weekly',
      active: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('frequency');
  });

  it('measures are clinical: front office 403, another practice 404', async () => {
    expect((await frontoffice.get(`/api/measures/clients/${chris}/history`)).statusCode).toBe(403);
    const phqAssignment = (
      (await therapist1.get(`/api/client/forms?patientId=${chris}`)).json().data as {
        id: number;
        measure: string | null;
      }[]
    ).find((a) => a.measure === 'phq9');
    expect((await frontoffice.get(`/api/form/response/${phqAssignment!.id}`)).statusCode).toBe(403);
    expect((await owner2.get(`/api/measures/clients/${chris}/history`)).statusCode).toBe(404);
  });
});
