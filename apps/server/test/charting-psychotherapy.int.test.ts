import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/** Psychotherapy notes (issue 17 item 5): the author's alone until released, always audited. */

let t: TestApp;
let author: Browser; // therapist3
let supervisor: Browser; // therapist1
let manager: Browser;
let clientId: number;
let eventId: number;

type Note = {
  psychotherapyNoteId: number;
  text: string;
  releasedAt: string | null;
  isMine: boolean;
};

beforeAll(async () => {
  t = await testApp();
  author = await signedIn(t.app, 'therapist3');
  supervisor = await signedIn(t.app, 'therapist1');
  manager = await signedIn(t.app, 'manager');
  const [row] = await rowsOf<{ clientId: number; therapistId: number }>(
    t.database.db,
    sql`select ct.client_id as "clientId", t.id as "therapistId" from client_therapists ct
        join therapists t on t.id = ct.therapist_id join users u on u.id = t.user_id
        where u.username = 'therapist3' order by ct.client_id limit 1`,
  );
  clientId = row!.clientId;
  const start = new Date(Date.now() - 26 * 3_600_000);
  const [event] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
        values (1, ${row!.therapistId}, 'appointment', ${start.toISOString()}, ${new Date(start.getTime() + 3_000_000).toISOString()}, true)
        returning id`,
  );
  eventId = event!.id;
  await t.database.db.execute(
    sql`insert into calendar_event_attendees (event_id, client_id, attended) values (${eventId}, ${clientId}, true)`,
  );
});
afterAll(() => t.close());

const list = async (who: Browser) =>
  (await who.get(`/api/charting/clients/${clientId}/psychotherapy-notes`)).json<{ data: Note[] }>()
    .data;

describe('psychotherapy notes', () => {
  let note: Note;

  it('are written by the session’s therapist and seen by nobody else', async () => {
    const saved = await author.request('PUT', '/api/charting/psychotherapy-notes/mine', {
      patientId: clientId,
      eventId,
      text: 'Transference themes; explore next time.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    note = saved.json<{ data: Note }>().data;
    expect(note).toMatchObject({ isMine: true, releasedAt: null });
    expect((await list(author)).map((n) => n.psychotherapyNoteId)).toEqual([
      note.psychotherapyNoteId,
    ]);
    expect(await list(supervisor)).toEqual([]);
    expect(await list(manager)).toEqual([]);
    const other = await supervisor.request('PUT', '/api/charting/psychotherapy-notes/mine', {
      patientId: clientId,
      eventId,
      text: 'not mine to write',
    });
    expect(other.statusCode).toBe(403);
  });

  it('are released only by their author, and never change after', async () => {
    const release = `/api/charting/psychotherapy-notes/${note.psychotherapyNoteId}/release`;
    expect((await supervisor.post(release, {})).statusCode).toBe(404);
    const released = await author.post(release, {});
    expect(released.statusCode, released.body).toBe(200);
    expect((await list(manager)).map((n) => n.text)).toEqual([
      'Transference themes; explore next time.',
    ]);
    const change = await author.request('PUT', '/api/charting/psychotherapy-notes/mine', {
      patientId: clientId,
      eventId,
      text: 'rewritten',
    });
    expect(change.statusCode).toBe(409);
  });

  it('leave an audit row for every read and change, naming the client', async () => {
    const rows = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select distinct action from audit_log where action like 'client.psychotherapy_%' and patient_id = ${clientId}`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual([
      'client.psychotherapy_note_released',
      'client.psychotherapy_note_saved',
      'client.psychotherapy_notes_listed',
    ]);
  });
});
