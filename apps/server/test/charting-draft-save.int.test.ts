import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import type { ChartActor } from '../src/modules/charting/chart-actor.ts';
import { draftFactsSql, type DraftFacts } from '../src/modules/charting/draft-save.ts';
import { saveDraft } from '../src/modules/charting/note-service.ts';
import { CLIENT_NOT_FOUND } from '../src/platform/client-gate.ts';
import type { Browser } from './harness.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Saving a draft reads the note's client and what the save decides on in the client gate's
 * statement, then updates the row version it read (draft-save.ts). The gate still refuses
 * as before, and a note changed between that read and the update is decided by the locked
 * path, as a save always was.
 */

let t: TestApp;
let author: Browser; // therapist3
let biller: Browser;
let otherPractice: Browser;
let actor: ChartActor;
let noteId: number;
let updatedAt: string;

const content = (subjective: string) => ({ subjective });

async function facts(): Promise<DraftFacts> {
  const [row] = await rowsOf<{ facts: DraftFacts }>(
    t.database.db,
    sql`select (${draftFactsSql(noteId, 1)}) as facts`,
  );
  if (!row) throw new Error('no facts');
  return row.facts;
}

const storedSubjective = async () =>
  (
    await rowsOf<{ s: string }>(
      t.database.db,
      sql`select content->>'subjective' as s from chart_notes where id = ${noteId}`,
    )
  )[0]?.s;

beforeAll(async () => {
  t = await testApp();
  author = await signedIn(t.app, 'therapist3');
  biller = await signedIn(t.app, 'biller');
  otherPractice = await signedIn(t.app, 'owner2');
  const [me] = await rowsOf<{ therapistId: number; userId: number; authorities: string[] }>(
    t.database.db,
    sql`select t.id as "therapistId", u.id as "userId",
          array(select authority from user_authorities where user_id = u.id) as authorities
        from therapists t join users u on u.id = t.user_id where u.username = 'therapist3'`,
  );
  if (!me) throw new Error('therapist3');
  actor = { practiceId: 1, name: 'Test', ...me };
  const [attendee] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`with client as (
          select client_id from client_therapists where therapist_id = ${me.therapistId} order by client_id limit 1
        ), event as (
          insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
          values (1, ${me.therapistId}, 'appointment', now() - interval '30 hours', now() - interval '29 hours', true)
          returning id
        )
        insert into calendar_event_attendees (event_id, client_id, attended)
        select event.id, client.client_id, true from event, client returning id`,
  );
  const opened = await author.post('/api/charting/notes', { attendeeId: attendee?.id });
  expect(opened.statusCode, opened.body).toBe(200);
  const note = opened.json<{ data: { noteId: number; updatedAt: string } }>().data;
  noteId = note.noteId;
  updatedAt = note.updatedAt;
});
afterAll(() => t.close());

describe('saving a draft', () => {
  const save = (browser: Browser, id: number, subjective: string) =>
    browser.request('PUT', `/api/charting/notes/${id}`, {
      content: content(subjective),
      diagnosisCodes: [],
      updatedAt,
    });

  it('refuses as the gate always did: a missing note, another practice, no clinical access', async () => {
    const missing = await save(author, noteId + 100_000, 'x');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'That note was not found.' });
    const elsewhere = await save(otherPractice, noteId, 'x');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ message: CLIENT_NOT_FOUND });
    const billers = await save(biller, noteId, 'x');
    expect(billers.statusCode).toBe(403);
    const [denied] = await rowsOf<{ route: string }>(
      t.database.db,
      sql`select detail->>'route' as route from audit_log where action = 'client.denied'
          order by id desc limit 1`,
    );
    expect(denied?.route).toBe('PUT /api/charting/notes/:noteId');
    expect(await storedSubjective()).toBeNull();
  });

  it('saves with its audit row naming the client', async () => {
    const saved = await save(author, noteId, 'First words');
    expect(saved.statusCode, saved.body).toBe(200);
    updatedAt = saved.json<{ updatedAt: string }>().updatedAt;
    expect(await storedSubjective()).toBe('First words');
    const [row] = await rowsOf<{ action: string; patientId: number | null; noteId: string }>(
      t.database.db,
      sql`select action, patient_id as "patientId", detail->>'noteId' as "noteId"
          from audit_log order by id desc limit 1`,
    );
    expect(row).toMatchObject({ action: 'client.note_saved', noteId: String(noteId) });
    expect(row?.patientId).toEqual(expect.any(Number));
  });

  it('saves on the locked path when the note changed after the read, keeping its checks', async () => {
    const read = await facts();
    // Changed behind the read, its updated_at untouched: the version read no longer holds.
    await t.database.db.execute(
      sql`update chart_notes set content = '{"subjective":"Changed elsewhere"}'::jsonb where id = ${noteId}`,
    );
    const now = new Date();
    const body = { content: content('Saved anyway'), diagnosisCodes: [], updatedAt };
    await expect(saveDraft(t.database.db, actor, noteId, body, now, read)).resolves.toEqual(now);
    expect(await storedSubjective()).toBe('Saved anyway');
    updatedAt = now.toISOString();

    // A save since the read: the editor's version is stale, refused as before.
    const stale = await facts();
    const other = await save(author, noteId, 'From another tab');
    expect(other.statusCode, other.body).toBe(200);
    await expect(
      saveDraft(t.database.db, actor, noteId, { ...body, updatedAt }, new Date(), stale),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await storedSubjective()).toBe('From another tab');
  });
});
