/**
 * `npm run bench:clients`: 100,000 clients in the embedded database.
 * Targets (issue 4): typeahead by part of a name p95 ≤ 30 ms with p50 within
 * 2× of the same SQL run directly; a filtered page of 50 p95 ≤ 50 ms.
 */
import { eq } from 'drizzle-orm';
import { refreshPlannerStatistics } from '../apps/server/src/db/client.ts';
import { practiceInsurances, therapists } from '../apps/server/src/db/schema/index.ts';
import { searchQuery } from '@openpractice/contracts/clients/search';
import {
  countClients,
  searchClients,
  type SearchScope,
} from '../apps/server/src/modules/clients/search/search-queries.ts';
import { generateClient, seededRandom } from '../apps/server/src/seed/client-generator.ts';
import { insertClients } from '../apps/server/src/seed/demo-clients.ts';
import { benchApp, ms, percentile, timeRuns } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const TERMS = [
  'ham',
  'rodr',
  'liam',
  'smith',
  'ella',
  'nguy',
  'theo',
  'garc',
  'mila',
  'kowal',
  'pat',
  'oli jo',
  'yama',
  'ross',
  'grace',
];

const bench = await benchApp(
  'manager',
  async (database) => {
    const started = performance.now();
    const ts = await database.db
      .select({ id: therapists.id })
      .from(therapists)
      .where(eq(therapists.practiceId, 1));
    const payers = await database.db
      .select({ id: practiceInsurances.id })
      .from(practiceInsurances)
      .where(eq(practiceInsurances.practiceId, 1));
    const random = seededRandom(7);
    const chunk = 10_000;
    for (let start = 0; start < CLIENTS; start += chunk) {
      const people = Array.from({ length: Math.min(chunk, CLIENTS - start) }, (_, i) =>
        generateClient(random, start + i, ts.length, payers.length),
      );
      await insertClients(
        database.db,
        { practiceId: 1, therapistIds: ts.map((t) => t.id), payerIds: payers.map((p) => p.id) },
        people,
        100_000 + start,
      );
    }
    await refreshPlannerStatistics(database.db);
    console.log(
      `Inserted ${CLIENTS.toLocaleString()} clients in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  },
  process.env.BENCH_DATA_DIR,
);
const [second] = await bench.database.db
  .select({ id: therapists.id })
  .from(therapists)
  .where(eq(therapists.practiceId, 1))
  .orderBy(therapists.id)
  .offset(1)
  .limit(1);
const scopeIds = { practiceId: 1, therapistId: second?.id ?? 1 };

const get = async (path: string) => {
  const response = await fetch(`${bench.base}${path}`, { headers: { cookie: bench.cookie } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
};

const scope: SearchScope = {
  practiceId: scopeIds.practiceId,
  context: 'all',
  callerUserId: 0,
  callerTherapistId: null,
};
/** The field rule runs for the direct query too, as a manager's search. */
const MANAGER = ['customer.manager'];
const term = (i: number) => TERMS[i % TERMS.length] ?? 'ham';

const typeaheadHttp = await timeRuns(300, (i) =>
  get(`/api/patient/findPatients?context=all&search=${encodeURIComponent(term(i))}`),
);
const typeaheadSql = await timeRuns(300, (i) =>
  searchClients(
    bench.database.db,
    scope,
    searchQuery.parse({ context: 'all', search: term(i) }),
    MANAGER,
  ),
);

const pageQuery = (i: number) =>
  `context=all&limit=50&offset=${(i % 5) * 50}&includeTotal=true&therapistIds=${scopeIds.therapistId}&clientStatuses=ACTIVE&sortBy=name`;
const pageHttp = await timeRuns(200, (i) => get(`/api/patient/findPatients?${pageQuery(i)}`));
const pageSql = await timeRuns(200, async (i) => {
  const q = searchQuery.parse(Object.fromEntries(new URLSearchParams(pageQuery(i))));
  await Promise.all([
    searchClients(bench.database.db, scope, q, MANAGER),
    countClients(bench.database.db, scope, q),
  ]);
});

const report = (label: string, http: number[], raw: number[], target: number) => {
  const p50 = percentile(http, 50);
  const p95 = percentile(http, 95);
  const rawP50 = percentile(raw, 50);
  console.log(label);
  console.log(
    `  HTTP     p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(percentile(http, 99))}   target p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'NOT met'}`,
  );
  console.log(`  raw SQL  p50 ${ms(rawP50)}  p95 ${ms(percentile(raw, 95))}`);
  console.log(`  ratio    p50 HTTP / p50 SQL = ${(p50 / rawP50).toFixed(2)}`);
  return p95 <= target;
};

console.log(
  `\nClient search with ${CLIENTS.toLocaleString()} clients (embedded database, one connection)`,
);
const ok1 = report(
  'Typeahead by part of a name (21 results), 300 requests',
  typeaheadHttp,
  typeaheadSql,
  30,
);
const ratio = percentile(typeaheadHttp, 50) / percentile(typeaheadSql, 50);
console.log(`  typeahead p50 within 2× of SQL: ${ratio <= 2 ? 'met' : 'NOT met'}`);
const ok2 = report(
  'Filtered page of 50 with total (therapist + status), 200 requests',
  pageHttp,
  pageSql,
  50,
);
await bench.close();
process.exitCode = ok1 && ok2 && ratio <= 2 ? 0 : 1;
