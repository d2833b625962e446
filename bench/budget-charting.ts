/**
 * Charting budgets (issue 17 item 13): a client's records list with 500 notes answers p95
 * ≤ 100 ms and within 1.2× of a client with 5; saving a draft costs ≤ 2× a raw update
 * transaction with its audit row. The bench clients' notes are drafts written here (drafts
 * can be removed, locked notes never), rebuilt on every run.
 */
import { sql } from 'drizzle-orm';
import { refreshPlannerStatistics, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import type { Budget } from './budget.ts';
import { httpClient } from './http-client.ts';
import { rawAuditRow } from './raw-audit.ts';
import { benchClient, percentile, timePairs } from './support.ts';

const PRACTICE_ID = 1;
const RUNS = 300;
const MANY = 500;
const FEW = 5;

type Cast = { therapistId: number; userId: number; templateId: number };
type Session = { cookie: string; csrf: string };

async function castOf(database: Database): Promise<Cast> {
  const [cast] = await rowsOf<Cast>(
    database.db,
    sql`select t.id as "therapistId", t.user_id as "userId",
               (select id from note_templates where key = 'soap' and practice_id is null order by version desc limit 1) as "templateId"
        from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  );
  if (!cast) throw new Error('The demo practice has no therapist1.');
  return cast;
}

/** The bench client named `lastName`, treated by the cast's therapist, with `count` draft notes. */
async function clientWithNotes(database: Database, cast: Cast, lastName: string, count: number) {
  const db = database.db;
  const clientId = await benchClient(database, PRACTICE_ID, lastName);
  await db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${clientId}, ${cast.therapistId})
        on conflict do nothing`,
  );
  await db.execute(sql`delete from chart_notes where client_id = ${clientId} and status = 'draft'`);
  await db.execute(sql`
    insert into chart_notes (practice_id, client_id, therapist_id, template_id, session_at, duration_minutes, content)
    select ${PRACTICE_ID}, ${clientId}, ${cast.therapistId}, ${cast.templateId},
           now() - g * interval '1 day', 50, jsonb_build_object('subjective', 'Session ' || g, 'plan', 'Continue weekly.')
    from generate_series(1, ${count}) g`);
  return clientId;
}

const recordsPage = (base: string, session: Session, clientId: number) => async () => {
  const response = await fetch(`${base}/api/charting/clients/${clientId}/records`, {
    headers: { cookie: session.cookie },
  });
  if (!response.ok) throw new Error(`records: ${response.status} ${await response.text()}`);
};

export async function recordsBudget(
  database: Database,
  base: string,
  session: Session,
): Promise<Budget> {
  const cast = await castOf(database);
  const many = await clientWithNotes(database, cast, 'Manynotes', MANY);
  const few = await clientWithNotes(database, cast, 'Fewnotes', FEW);
  await refreshPlannerStatistics(database.db);
  const [manyTimes, fewTimes] = await timePairs(
    RUNS,
    recordsPage(base, session, many),
    recordsPage(base, session, few),
  );
  const p95 = percentile(manyTimes, 95);
  return {
    name: `A client's records list: ${MANY} notes ÷ ${FEW} (p95)`,
    ratio: p95 / percentile(fewTimes, 95),
    target: { atMost: 1.2 },
    p50: percentile(manyTimes, 50),
    p95,
    p95AtMost: 100,
    detail: `GET /api/charting/clients/:id/records (first 50) p95 ${p95.toFixed(2)} ms (${MANY}) over ${percentile(fewTimes, 95).toFixed(2)} ms (${FEW}); ${RUNS} requests each, taking turns`,
  };
}

/** Saving a draft through the API against the update and its audit row in raw SQL. */
export async function draftSaveBudget(
  database: Database,
  base: string,
  session: Session,
): Promise<Budget> {
  const cast = await castOf(database);
  const clientId = await clientWithNotes(database, cast, 'Draftsaves', 2);
  const [apiNote, rawNote] = await rowsOf<{ id: number; updatedAt: string }>(
    database.db,
    sql`select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "updatedAt"
        from chart_notes where client_id = ${clientId} order by id`,
  );
  if (!apiNote || !rawNote) throw new Error('The draft-save bench notes are missing.');
  let updatedAt = apiNote.updatedAt;
  const content = (i: number) => ({
    subjective: `Typed so far, save ${i}`,
    plan: 'Continue weekly.',
  });
  const client = httpClient();
  const [api, raw] = await timePairs(
    RUNS,
    async (i) => {
      const response = await client.send(`${base}/api/charting/notes/${apiNote.id}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
        },
        body: JSON.stringify({ content: content(i), diagnosisCodes: [], updatedAt }),
      });
      if (!response.ok) throw new Error(`saveNoteDraft: ${response.status} ${response.text}`);
      updatedAt = (JSON.parse(response.text) as { updatedAt: string }).updatedAt;
    },
    (i) =>
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update chart_notes set content = ${JSON.stringify(content(i))}::jsonb, updated_at = now()
              where id = ${rawNote.id}`,
        );
        await rawAuditRow(tx, {
          practiceId: PRACTICE_ID,
          userId: cast.userId,
          action: 'client.note_saved',
          clientId,
          detail: { noteId: rawNote.id, fields: ['subjective', 'plan'] },
        });
      }),
  );
  client.close();
  const p50 = percentile(api, 50);
  const rawP50 = percentile(raw, 50);
  return {
    name: 'Save a note draft with its audit row ÷ the raw update transaction',
    ratio: p50 / rawP50,
    target: { atMost: 2 },
    p50,
    p95: percentile(api, 95),
    detail: `PUT /api/charting/notes/:id p50 over raw transaction p50 ${rawP50.toFixed(2)} ms; ${RUNS} saves each, taking turns`,
  };
}
