import { NOTE_MESSAGES, allNormalMse, deniesAllRisk } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import type { Browser } from './harness.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Charting on the real database (issue 17 items 1–3, 9, 11): a supervisee's note from a
 * past attended session through review, feedback and co-signature; addenda; the
 * database's refusal to change what was signed; who may read; lists and audit rows.
 */

let t: TestApp;
let supervisee: Browser; // therapist3, supervised by therapist1
let supervisor: Browser; // therapist1
let biller: Browser;
let manager: Browser;
let otherPractice: Browser;
let clientId: number;
let attendeeId: number;

type Note = {
  noteId: number;
  status: string;
  statusConstant: string | null;
  updatedAt: string;
  version: number;
  durationMinutes: number;
  reviewerName: string | null;
  signatures: { role: string; contentHash: string }[];
  history: { action: string; comment: string | null }[];
  addenda: { addendumId: number; status: string }[];
  actions: Record<string, boolean>;
};

const complete = {
  subjective: 'Sleeping better; work stress lower.',
  objective: 'Calm and engaged.',
  mse: allNormalMse(),
  assessment: 'Improving.',
  risk: deniesAllRisk(),
  plan: 'Continue weekly sessions.',
};

async function therapistId(username: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = ${username}`,
  );
  if (!row) throw new Error(username);
  return row.id;
}

/** A past appointment of the therapist with one of their clients, attended (or as given). */
async function pastSession(
  therapist: number,
  client: number,
  hoursAgo: number,
  attended: boolean | null = true,
) {
  const start = new Date(Date.now() - hoursAgo * 3_600_000);
  const [event] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
        values (1, ${therapist}, 'appointment', ${start.toISOString()}, ${new Date(start.getTime() + 50 * 60_000).toISOString()}, true)
        returning id`,
  );
  const [attendee] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into calendar_event_attendees (event_id, client_id, attended)
        values (${event?.id}, ${client}, ${attended}) returning id`,
  );
  return attendee!.id;
}

const data = (response: { json: () => unknown }) => (response.json() as { data: Note }).data;

async function verify(browser: Browser) {
  const response = await browser.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
  expect(response.json()).toEqual({ verified: true });
}

beforeAll(async () => {
  t = await testApp();
  supervisee = await signedIn(t.app, 'therapist3');
  supervisor = await signedIn(t.app, 'therapist1');
  biller = await signedIn(t.app, 'biller');
  manager = await signedIn(t.app, 'manager');
  otherPractice = await signedIn(t.app, 'owner2');
  const mine = await therapistId('therapist3');
  const [client] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select client_id as id from client_therapists where therapist_id = ${mine} order by client_id limit 1`,
  );
  clientId = client!.id;
  attendeeId = await pastSession(mine, clientId, 30);
});
afterAll(() => t.close());

describe('a supervisee’s note', () => {
  let note: Note;

  it('opens as a draft with its header from the appointment', async () => {
    const response = await supervisee.post('/api/charting/notes', { attendeeId });
    expect(response.statusCode, response.body).toBe(200);
    note = data(response);
    expect(note).toMatchObject({
      status: 'draft',
      statusConstant: null,
      version: 1,
      durationMinutes: 50,
    });
    expect(note.actions).toMatchObject({
      canEdit: true,
      canSign: true,
      signSendsForReview: true,
      canReview: false,
    });
    const reviewers = response.json<{ data: { actions: { reviewers: unknown } } }>().data.actions
      .reviewers;
    expect(reviewers).toEqual([
      { therapistId: expect.any(Number) as number, name: 'Theresa Quinn' },
    ]);
    // Opening again answers the same note.
    expect(data(await supervisee.post('/api/charting/notes', { attendeeId })).noteId).toBe(
      note.noteId,
    );
  });

  it('is closed to billers and unknown to another practice', async () => {
    const asBiller = await biller.get(`/api/charting/notes/${note.noteId}`);
    expect(asBiller.statusCode).toBe(403);
    expect(asBiller.json()).toMatchObject({ message: expect.stringContaining('clinical notes') });
    expect((await otherPractice.get(`/api/charting/notes/${note.noteId}`)).statusCode).toBe(404);
  });

  it('saves drafts, refusing a stale version and fields outside its template', async () => {
    const save = (body: object) =>
      supervisee.request('PUT', `/api/charting/notes/${note.noteId}`, body);
    const stale = await save({
      content: { plan: 'x' },
      diagnosisCodes: [],
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    const unknown = await save({
      content: { diary: 'x' },
      diagnosisCodes: [],
      updatedAt: note.updatedAt,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'content.diary' });
    const badCode = await save({
      content: {},
      diagnosisCodes: ['ZZZ.99'],
      updatedAt: note.updatedAt,
    });
    expect(badCode.json()).toMatchObject({ field: 'diagnosisCodes' });
    const saved = await save({
      content: { subjective: 'Draft so far' },
      diagnosisCodes: ['F41.1'],
      updatedAt: note.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    note = { ...note, updatedAt: saved.json<{ updatedAt: string }>().updatedAt };
  });

  it('signs only after a password check and with every required answer', async () => {
    const sign = () => supervisee.post(`/api/charting/notes/${note.noteId}/sign`, {});
    const unverified = await sign();
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ field: 'password' });
    await verify(supervisee);
    const incomplete = await sign();
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ field: 'content.objective' });
    const saved = await supervisee.request('PUT', `/api/charting/notes/${note.noteId}`, {
      content: complete,
      diagnosisCodes: ['F41.1'],
      updatedAt: note.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await sign();
    expect(sent.statusCode, sent.body).toBe(200);
    note = data(sent);
    expect(note).toMatchObject({
      status: 'pendingreview',
      statusConstant: 'chartstatus.pendingreview',
      reviewerName: 'Theresa Quinn',
    });
    const edit = await supervisee.request('PUT', `/api/charting/notes/${note.noteId}`, {
      content: complete,
      diagnosisCodes: [],
      updatedAt: note.updatedAt,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: NOTE_MESSAGES.awaitingReview });
  });

  it('comes back with feedback, is resubmitted and co-signed by the supervisor', async () => {
    const queue = await supervisor.get('/api/charting/lists/awaitingReview');
    const items = queue.json<{ data: { items: { noteId: number; is_reviewer: boolean }[] } }>().data
      .items;
    expect(items.find((i) => i.noteId === note.noteId)).toMatchObject({ is_reviewer: true });
    expect(
      (await supervisee.post(`/api/charting/notes/${note.noteId}/cosign`, {})).statusCode,
    ).toBe(403);
    const returned = await supervisor.post(`/api/charting/notes/${note.noteId}/return`, {
      comment: 'Add the homework plan.',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    note = data(returned);
    expect(note.status).toBe('feedback');
    expect(note.history.at(-1)).toMatchObject({
      action: 'returned',
      comment: 'Add the homework plan.',
    });
    const fixed = await supervisee.request('PUT', `/api/charting/notes/${note.noteId}`, {
      content: { ...complete, plan: 'Continue weekly; breathing homework.' },
      diagnosisCodes: ['F41.1'],
      updatedAt: note.updatedAt,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(data(await supervisee.post(`/api/charting/notes/${note.noteId}/sign`, {})).status).toBe(
      'pendingreview',
    );
    await verify(supervisor);
    const cosigned = await supervisor.post(`/api/charting/notes/${note.noteId}/cosign`, {});
    expect(cosigned.statusCode, cosigned.body).toBe(200);
    note = data(cosigned);
    expect(note).toMatchObject({ status: 'locked', statusConstant: 'chartstatus.locked' });
    expect(note.signatures.map((s) => s.role)).toEqual(['author', 'author', 'cosigner']);
    expect(note.signatures[2]?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows as charted and locked in the appointment details; its attendance stays', async () => {
    const [row] = await rowsOf<{ eventId: number }>(
      t.database.db,
      sql`select event_id as "eventId" from chart_notes where id = ${note.noteId}`,
    );
    const details = await supervisee.get(
      `/api/patientRecord/getAppointmentDetails/${row?.eventId}/${attendeeId}`,
    );
    const body = details.json<{
      data: { isCharted: boolean; attendees: Record<string, unknown>[] };
    }>();
    expect(body.data.isCharted).toBe(true);
    expect(body.data.attendees[0]).toMatchObject({
      isCharted: true,
      patientChartId: note.noteId,
      chart_status: 'chartstatus.locked',
    });
  });

  it('can no longer change, even by SQL', async () => {
    const save = await supervisee.request('PUT', `/api/charting/notes/${note.noteId}`, {
      content: complete,
      diagnosisCodes: [],
      updatedAt: note.updatedAt,
    });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toMatchObject({ message: NOTE_MESSAGES.locked });
    const db = t.database.db;
    await expect(
      db.execute(sql`update chart_notes set content = '{}'::jsonb where id = ${note.noteId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from chart_notes where id = ${note.noteId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`update chart_note_versions set content = '{}'::jsonb where note_id = ${note.noteId}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from chart_signatures where note_id = ${note.noteId}`),
    ).rejects.toThrow();
    const [version] = await rowsOf<{ plan: string }>(
      db,
      sql`select content->>'plan' as plan from chart_note_versions where note_id = ${note.noteId}`,
    );
    expect(version?.plan).toBe('Continue weekly; breathing homework.');
  });

  it('takes addenda one at a time, each reviewed like the note', async () => {
    const created = await supervisee.post('/api/charting/addenda', { noteId: note.noteId });
    expect(created.statusCode, created.body).toBe(200);
    const addendumId = data(created).addenda[0]!.addendumId;
    expect(
      (await supervisee.post('/api/charting/addenda', { noteId: note.noteId })).statusCode,
    ).toBe(409);
    const empty = await supervisee.post(`/api/charting/addenda/${addendumId}/sign`, {});
    expect(empty.json()).toMatchObject({ field: 'text' });
    await supervisee.request('PUT', `/api/charting/addenda/${addendumId}`, {
      text: 'Client called: sleep worse again.',
    });
    expect(
      data(await supervisee.post(`/api/charting/addenda/${addendumId}/sign`, {})).addenda[0]
        ?.status,
    ).toBe('pendingreview');
    const cosigned = await supervisor.post(`/api/charting/addenda/${addendumId}/cosign`, {});
    expect(data(cosigned).addenda[0]?.status).toBe('locked');
    await expect(
      t.database.db.execute(sql`update chart_addenda set text = 'x' where id = ${addendumId}`),
    ).rejects.toThrow();
  });

  it('lists the note and its addendum in the client’s records', async () => {
    const response = await supervisee.get(`/api/charting/clients/${clientId}/records`);
    const body = response.json<{
      data: { type: string; noteId: number; statusLabel: string }[];
      total: number;
    }>();
    const mine = body.data.filter((r) => r.noteId === note.noteId);
    expect(mine.map((r) => [r.type, r.statusLabel])).toEqual([
      ['note', 'Signed and locked'],
      ['addendum', 'Signed and locked'],
    ]);
    expect((await biller.get(`/api/charting/clients/${clientId}/records`)).statusCode).toBe(403);
  });

  it('is unlocked only where the practice allows it, keeping the locked version', async () => {
    await verify(manager);
    expect(
      (await manager.post(`/api/charting/notes/${note.noteId}/unlock`, { reason: 'Wrong client' }))
        .statusCode,
    ).toBe(403);
    const settings = await manager.request('PUT', '/api/charting/settings', {
      signedNoteRequiredForBilling: true,
      noteUnlockPolicy: 'any',
      noteUnlockHours: 24,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const unlocked = await manager.post(`/api/charting/notes/${note.noteId}/unlock`, {
      reason: 'Wrong date',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(data(unlocked)).toMatchObject({ status: 'draft', version: 2 });
    const [kept] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chart_note_versions where note_id = ${note.noteId}`,
    );
    expect(kept?.n).toBe(1);
  });

  it('wrote an audit row naming the client for each step', async () => {
    const rows = await rowsOf<{ action: string; patientId: number }>(
      t.database.db,
      sql`select action, patient_id as "patientId" from audit_log where action like 'client.note_%' and patient_id = ${clientId}`,
    );
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'client.note_opened',
      'client.note_saved',
      'client.note_signed',
      'client.note_returned',
      'client.note_cosigned',
      'client.note_unlocked',
    ]) {
      expect(actions, action).toContain(action);
    }
  });
});

describe('sessions that cannot be charted', () => {
  it('refuses a note for a session that has not happened or was not attended', async () => {
    const mine = await therapistId('therapist3');
    const future = await pastSession(mine, clientId, -48);
    const noShow = await pastSession(mine, clientId, 80, false);
    for (const id of [future, noShow]) {
      const response = await supervisee.post('/api/charting/notes', { attendeeId: id });
      expect(response.statusCode).toBe(409);
    }
    const [count] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chart_notes where attendee_id in (${future}, ${noShow})`,
    );
    expect(count?.n).toBe(0);
  });

  it('lists an attended past session without a note as uncharted', async () => {
    const mine = await therapistId('therapist3');
    const waiting = await pastSession(mine, clientId, 100);
    const list = await supervisee.get('/api/charting/lists/uncharted');
    const body = list.json<{ data: { items: { attendeeId: number }[]; count: number } }>().data;
    expect(body.items.map((i) => i.attendeeId)).toContain(waiting);
    expect(body.count).toBeGreaterThan(0);
  });

  it('lets only the session’s therapist start its note', async () => {
    const mine = await therapistId('therapist3');
    const other = await pastSession(mine, clientId, 120);
    expect((await supervisor.post('/api/charting/notes', { attendeeId: other })).statusCode).toBe(
      403,
    );
  });
});
