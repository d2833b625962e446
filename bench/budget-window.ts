import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  eventsInWindow,
  windowColumns,
  type WindowInput,
} from '../apps/server/src/modules/calendar/window-events.ts';
import type { Budget } from './budget.ts';
import { benchWindow, busyTherapistIds, PRACTICE_ID } from './calendar-data.ts';
import { percentile, timePairs, timeRuns } from './support.ts';

const RUNS = 100;
const TIMEZONE = 'America/New_York';

type AsSent = { status: number; encoding: string; body: Buffer };

/**
 * A GET's answer as it came over the wire, still compressed. The bench's client runs on the
 * server's own thread: decoding a month's answer (about 4 ms for its 3.6 MB, the browser's
 * work) would be charged to the server and hold it up, so it waits until the timing is over.
 */
function getAsSent(agent: Agent, url: string, headers: Record<string, string>): Promise<AsSent> {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const encoding = response.headers['content-encoding'] ?? 'none';
        resolve({ status: response.statusCode ?? 0, encoding, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

const decoded = ({ encoding, body }: AsSent) =>
  (encoding === 'br'
    ? brotliDecompressSync(body)
    : encoding === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString();

/**
 * Budget 3: a six-week window of 16 busy calendars that nobody asked for yet (so the
 * window cache cannot answer), over HTTP with compression as a browser asks for it,
 * against the same query run directly. That query is what the route calls for a window it
 * has not cached: the database's answer (a JSON text of plain columns) and its making into
 * the contract's JSON text (window-wire.ts), which the database would make twice as slowly;
 * the detail line gives the database's part alone too.
 */
export async function windowBudget(
  database: Database,
  base: string,
  cookie: string,
): Promise<Budget> {
  const window = benchWindow();
  const therapistIds = await busyTherapistIds(database);
  const input: WindowInput = {
    practiceId: PRACTICE_ID,
    therapistIds,
    locationIds: undefined,
    start: window.start,
    end: window.end,
    includeCancelled: false,
    timezone: TIMEZONE,
  };
  // Each request ends a few milliseconds later (before anything is booked that day), so each
  // one is a window not seen before and runs the query.
  const coldPath = (i: number) =>
    `/api/calendar/getTherapistAppointments?${new URLSearchParams({
      therapistIds: therapistIds.join(','),
      start: window.start,
      end: `${window.end}T12:00:00.${String(i % 1000).padStart(3, '0')}Z`,
      includeCancelledEvents: 'false',
    })}`;
  const agent = new Agent({ keepAlive: true });
  let last: AsSent = { status: 0, encoding: '', body: Buffer.alloc(0) };
  const [http, raw] = await timePairs(
    RUNS,
    async (i) => {
      // Until the last byte arrives: decoding and parsing it is the browser's work.
      last = await getAsSent(agent, `${base}${coldPath(i)}`, {
        cookie,
        'accept-encoding': 'br, gzip',
      });
      if (last.status !== 200) throw new Error(`window: ${last.status} ${decoded(last)}`);
    },
    () => eventsInWindow(database.db, input),
    5,
  );
  agent.destroy();
  const databasePart = await timeRuns(RUNS, () => windowColumns(database.db, input), 5);
  const events = (JSON.parse(decoded(last)) as { data: unknown[] }).data.length;
  const p50 = percentile(http, 50);
  const rawP50 = percentile(raw, 50);
  return {
    name: `Uncached six-week window of ${therapistIds.length} therapists ÷ its SQL`,
    ratio: p50 / rawP50,
    target: { atMost: 1.5 },
    p50,
    p95: percentile(http, 95),
    p95AtMost: 50,
    detail: `${events} events, answered with content-encoding ${last.encoding}; query p50 ${rawP50.toFixed(2)} ms (p95 ${percentile(raw, 95).toFixed(2)} ms; the database's answer alone p50 ${percentile(databasePart, 50).toFixed(2)} ms); ${RUNS} windows each, taking turns`,
  };
}
