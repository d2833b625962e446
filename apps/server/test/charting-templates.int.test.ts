import { allNormalMse, deniesAllRisk } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '@openpractice/contracts';
import type { getNote } from '@openpractice/contracts/charting/notes';
import type { getSessionNotes } from '@openpractice/contracts/charting/session-notes';
import { rowsOf } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import type { Browser } from './harness.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Issue 17 item 1 on the real database: the template a note starts with (chosen, or the
 * therapist's last), family and collateral notes beside the one billing note, a group
 * session's note and its members' parts, and managers' template versions that new notes use
 * while old notes keep theirs.
 */

let t: TestApp;
let therapist: Browser; // therapist1, licensed: her signature locks
let colleague: Browser; // therapist2, not the session's therapist
let manager: Browser;
let biller: Browser;
let otherPractice: Browser;
let therapistId: number;
let clientId: number;

type Note = ResponseOf<typeof getNote>['data'];
type Template = Note['template'];
type SessionNotes = ResponseOf<typeof getSessionNotes>['data'];

// Each call names the shape of the answer it reads (the contract's types are wider than these).
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
const data = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(t.database.db, query);
  if (!row) throw new Error('not found');
  return row.id;
}

/** A past appointment of therapist1, attended by each client given; its attendee ids. */
async function pastSession(
  clients: number[],
  hoursAgo: number,
  groupClientId: number | null = null,
) {
  const start = new Date(Date.now() - hoursAgo * 3_600_000);
  const eventId = await one(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking, group_client_id)
        values (1, ${therapistId}, 'appointment', ${start.toISOString()},
                ${new Date(start.getTime() + 50 * 60_000).toISOString()}, true, ${groupClientId})
        returning id`,
  );
  const ids: number[] = [];
  for (const client of clients) {
    ids.push(
      await one(
        sql`insert into calendar_event_attendees (event_id, client_id, attended)
            values (${eventId}, ${client}, true) returning id`,
      ),
    );
  }
  return ids;
}

beforeAll(async () => {
  t = await testApp();
  therapist = await signedIn(t.app, 'therapist1');
  colleague = await signedIn(t.app, 'therapist2');
  manager = await signedIn(t.app, 'manager');
  biller = await signedIn(t.app, 'biller');
  otherPractice = await signedIn(t.app, 'owner2');
  therapistId = await one(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  );
  clientId = await one(
    sql`select ct.client_id as id from client_therapists ct join clients c on c.id = ct.client_id
        where ct.therapist_id = ${therapistId} and not c.is_group order by ct.client_id limit 1`,
  );
});
afterAll(() => t.close());

describe('starting a note: the template picker and family or collateral notes', () => {
  let attendeeId: number;
  let billing: Note;

  it('lists no note yet and suggests the therapist’s last template, else the default', async () => {
    [attendeeId] = (await pastSession([clientId], 30)) as [number];
    const response = await therapist.get(`/api/charting/attendees/${attendeeId}/notes`);
    expect(response.statusCode, response.body).toBe(200);
    const session = data<SessionNotes>(response);
    expect(session.notes).toEqual([]);
    expect(['soap', 'dap', 'birp']).toContain(session.suggestedTemplateKey);
    expect((await biller.get(`/api/charting/attendees/${attendeeId}/notes`)).statusCode).toBe(403);
    expect(
      (await otherPractice.get(`/api/charting/attendees/${attendeeId}/notes`)).statusCode,
    ).toBe(404);
  });

  it('starts the billing note with the template chosen, which becomes the suggestion', async () => {
    const unknown = await therapist.post('/api/charting/notes', {
      attendeeId,
      templateKey: 'diary',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'templateKey' });
    const opened = await therapist.post('/api/charting/notes', { attendeeId, templateKey: 'birp' });
    expect(opened.statusCode, opened.body).toBe(200);
    billing = data<Note>(opened);
    expect(billing).toMatchObject({ isBillingNote: true, attendeeId, group: null });
    expect(billing.template).toMatchObject({ key: 'birp', version: 1 });
    const [other] = await pastSession([clientId], 40);
    const next = data<SessionNotes>(await therapist.get(`/api/charting/attendees/${other}/notes`));
    expect(next.suggestedTemplateKey).toBe('birp');
  });

  it('refuses a family note before the billing note, and from anyone but the session’s therapist', async () => {
    const [fresh] = await pastSession([clientId], 50);
    const early = await therapist.post('/api/charting/notes/additional', {
      attendeeId: fresh,
      templateKey: 'soap',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: expect.stringContaining('billing note first') });
    const notMine = await colleague.post('/api/charting/notes/additional', {
      attendeeId,
      templateKey: 'soap',
    });
    expect([403, 404]).toContain(notMine.statusCode);
  });

  it('adds family and collateral notes that are never the billing note', async () => {
    const family = await therapist.post('/api/charting/notes/additional', {
      attendeeId,
      templateKey: 'dap',
    });
    expect(family.statusCode, family.body).toBe(200);
    const note = data<Note>(family);
    expect(note).toMatchObject({ isBillingNote: false, attendeeId });
    expect(note.template.key).toBe('dap');
    expect(note.noteId).not.toBe(billing.noteId);
    await therapist.post('/api/charting/notes/additional', { attendeeId, templateKey: 'soap' });

    const session = data<SessionNotes>(
      await therapist.get(`/api/charting/attendees/${attendeeId}/notes`),
    );
    expect(session.notes.map((n) => [n.isBillingNote, n.templateName])).toEqual([
      [true, 'BIRP progress note'],
      [false, 'DAP progress note'],
      [false, 'SOAP progress note'],
    ]);
    // Opening the session's note still answers its one billing note.
    const again = await therapist.post('/api/charting/notes', { attendeeId });
    expect(data<Note>(again).noteId).toBe(billing.noteId);
    // The database keeps it one.
    await expect(
      t.database.db.execute(
        sql`insert into chart_notes (practice_id, client_id, event_id, therapist_id, template_id, session_at, duration_minutes)
            select practice_id, client_id, event_id, therapist_id, template_id, session_at, duration_minutes
            from chart_notes where id = ${billing.noteId}`,
      ),
    ).rejects.toThrow();
    const audit = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log
          where action = 'client.additional_note_started' and patient_id = ${clientId}`,
    );
    expect(audit[0]?.n).toBe(2);
  });
});

describe('a group session', () => {
  it('has the group note and each member’s part, with the group’s status from the parts', async () => {
    const group = await one(
      sql`select c.id from clients c join client_therapists ct on ct.client_id = c.id
          where c.is_group and ct.therapist_id = ${therapistId} order by c.id limit 1`,
    );
    const members = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select client_id as id from client_group_members where group_client_id = ${group} order by client_id limit 2`,
    );
    // The group's therapist is each member's too (the client gate reads client_therapists).
    for (const m of members) {
      await t.database.db.execute(
        sql`insert into client_therapists (client_id, therapist_id) values (${m.id}, ${therapistId})
            on conflict do nothing`,
      );
    }
    const [first, second] = await pastSession(
      members.map((m) => m.id),
      26,
      group,
    );
    const openedA = await therapist.post('/api/charting/notes', {
      attendeeId: first,
      templateKey: 'birp',
    });
    expect(openedA.statusCode, openedA.body).toBe(200);
    const a = data<Note>(openedA);
    const openedB = await therapist.post('/api/charting/notes', {
      attendeeId: second,
      templateKey: 'birp',
    });
    expect(openedB.statusCode, openedB.body).toBe(200);
    const b = data<Note>(openedB);
    expect(a.group?.groupNoteId).toBe(b.group?.groupNoteId);
    expect(a.group?.groupName).toBe('Tuesday Anxiety Group');

    // Member A's part is signed: the group is partially locked.
    const saved = await therapist.request('PUT', `/api/charting/notes/${a.noteId}`, {
      content: {
        behavior: 'Shared in group.',
        mse: allNormalMse(),
        intervention: 'CBT skills.',
        response: 'Engaged.',
        risk: deniesAllRisk(),
        plan: 'Continue.',
      },
      diagnosisCodes: ['F41.1'],
      updatedAt: a.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await therapist.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
    const signed = await therapist.post(`/api/charting/notes/${a.noteId}/sign`, {});
    expect(signed.statusCode, signed.body).toBe(200);

    const groupNote = await therapist.get(`/api/charting/notes/${a.group?.groupNoteId}`);
    expect(groupNote.statusCode, groupNote.body).toBe(200);
    const shown = data<Note>(groupNote);
    expect(shown.kind).toBe('group');
    expect(shown.group?.statusConstant).toBe('chartstatus.partially.locked');
    expect(shown.group?.members.map((m) => [m.noteId, m.statusConstant])).toEqual(
      expect.arrayContaining([
        [a.noteId, 'chartstatus.locked'],
        [b.noteId, null],
      ]),
    );
    const fromMember = data<Note>(await therapist.get(`/api/charting/notes/${b.noteId}`));
    expect(fromMember.group).toMatchObject({
      groupNoteId: shown.noteId,
      statusConstant: 'chartstatus.partially.locked',
    });
    expect(fromMember.group?.members).toHaveLength(2);
  });
});

describe('practice template versions', () => {
  let oldNote: Note;

  it('are listed for managers only', async () => {
    const list = await manager.get('/api/charting/templates/manage');
    expect(list.statusCode, list.body).toBe(200);
    const templates = data<{ current: Template; source: string }[]>(list);
    expect(templates.map((x) => [x.current.key, x.current.version, x.source]).sort()).toEqual([
      ['birp', 1, 'shipped'],
      ['dap', 1, 'shipped'],
      ['intake', 1, 'shipped'],
      ['soap', 1, 'shipped'],
    ]);
    expect((await therapist.get('/api/charting/templates/manage')).statusCode).toBe(403);
    expect(
      (await therapist.post('/api/charting/templates/soap/versions', { name: 'x', sections: [] }))
        .statusCode,
    ).toBe(403);
  });

  it('refuse a version that is not a template, naming where', async () => {
    const [attendee] = await pastSession([clientId], 60);
    oldNote = data<Note>(
      await therapist.post('/api/charting/notes', { attendeeId: attendee, templateKey: 'soap' }),
    );
    const duplicate = await manager.post('/api/charting/templates/soap/versions', {
      name: 'SOAP',
      sections: [
        {
          id: 'a',
          title: 'A',
          fields: [{ id: 'plan', label: 'Plan', type: 'textarea', required: true }],
        },
        {
          id: 'b',
          title: 'B',
          fields: [{ id: 'plan', label: 'Plan', type: 'textarea', required: true }],
        },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ field: 'sections.1.fields.0.id' });
    const unknown = await manager.post('/api/charting/templates/diary/versions', {
      name: 'Diary',
      sections: [
        { id: 'a', title: 'A', fields: [{ id: 'x', label: 'X', type: 'text', required: false }] },
      ],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('make a new version that new notes use, while old notes keep theirs', async () => {
    const current = data<{ current: Template & { sections: object[] } }[]>(
      await manager.get('/api/charting/templates/manage'),
    ).find((x) => x.current.key === 'soap')!.current;
    const sections = current.sections.map((s, i) =>
      i === 0
        ? {
            ...(s as object),
            title: 'What the client reports',
            fields: [
              ...(s as { fields: object[] }).fields.map((f) => ({
                required: false,
                ...f,
                options: undefined,
              })),
              {
                id: 'homework',
                label: 'Homework reviewed',
                type: 'textarea',
                required: false,
                maxLength: 20000,
              },
            ],
          }
        : {
            ...(s as object),
            fields: (s as { fields: object[] }).fields.map((f) => ({
              required: false,
              ...f,
              options: undefined,
            })),
          },
    );
    const saved = await manager.post('/api/charting/templates/soap/versions', {
      name: 'SOAP progress note (ours)',
      sections: JSON.parse(JSON.stringify(sections)) as object[],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = data<{
      current: Template;
      source: string;
      versions: { version: number; notes: number }[];
    }>(saved);
    expect(answer.current).toMatchObject({
      key: 'soap',
      version: 2,
      name: 'SOAP progress note (ours)',
    });
    expect(answer.source).toBe('practice');
    expect(answer.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(answer.versions[1]?.notes).toBeGreaterThan(0);

    const [attendee] = await pastSession([clientId], 70);
    const fresh = data<Note>(
      await therapist.post('/api/charting/notes', { attendeeId: attendee, templateKey: 'soap' }),
    );
    expect(fresh.template).toMatchObject({ version: 2, name: 'SOAP progress note (ours)' });
    expect(fresh.template.sections[0]?.title).toBe('What the client reports');
    const homework = await therapist.request('PUT', `/api/charting/notes/${fresh.noteId}`, {
      content: { homework: 'Breathing practice done.' },
      diagnosisCodes: [],
      updatedAt: fresh.updatedAt,
    });
    expect(homework.statusCode, homework.body).toBe(200);

    const old = data<Note>(await therapist.get(`/api/charting/notes/${oldNote.noteId}`));
    expect(old.template).toMatchObject({ version: 1, name: 'SOAP progress note' });
    expect(old.template.sections[0]?.title).toBe('Subjective');
    const oldSave = await therapist.request('PUT', `/api/charting/notes/${oldNote.noteId}`, {
      content: { homework: 'x' },
      diagnosisCodes: [],
      updatedAt: old.updatedAt,
    });
    expect(oldSave.statusCode).toBe(400);

    // Another practice still has the shipped version.
    const theirs = data<Template[]>(await otherPractice.get('/api/charting/templates'));
    expect(theirs.find((x) => x.key === 'soap')).toMatchObject({ version: 1 });
    const audit = await rowsOf<{ detail: { key: string; version: number } }>(
      t.database.db,
      sql`select detail from audit_log where action = 'practice.note_template_versioned'`,
    );
    expect(audit.map((r) => r.detail)).toEqual([
      expect.objectContaining({ key: 'soap', version: 2 }),
    ]);
  });
});
