import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '@openpractice/contracts/clients/search';
import { refreshPlannerStatistics, rowsOf, type Database } from '../src/db/client.ts';
import { practiceInsurances, therapists } from '../src/db/schema/index.ts';
import { searchWhere } from '../src/modules/clients/search/search-queries.ts';
import { generateClient, seededRandom } from '../src/seed/client-generator.ts';
import { insertClients } from '../src/seed/demo-clients.ts';
import { testDatabase } from './harness.ts';

/**
 * The embedded database runs no autovacuum, so the planner knows a table's size, and the
 * trigram index has its pending entries merged, only when VACUUM ANALYZE runs (after
 * migrating, seeding and bulk loads: refreshPlannerStatistics). With 10,000 clients so
 * refreshed, a search by part of a name must use the trigram index (before, it read the
 * whole table).
 */
const CLIENTS = 10_000;
let database: Database;

beforeAll(async () => {
  database = await testDatabase();
  const db = database.db;
  const ts = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(eq(therapists.practiceId, 1));
  const payers = await db
    .select({ id: practiceInsurances.id })
    .from(practiceInsurances)
    .where(eq(practiceInsurances.practiceId, 1));
  const random = seededRandom(14);
  const people = Array.from({ length: CLIENTS }, (_, i) =>
    generateClient(random, i, ts.length, payers.length),
  );
  await insertClients(
    db,
    { practiceId: 1, therapistIds: ts.map((t) => t.id), payerIds: payers.map((p) => p.id) },
    people,
    500_000,
  );
  await refreshPlannerStatistics(db);
}, 180_000);
afterAll(() => database.close());

describe('client search plan at 10,000 clients', () => {
  it('finds part of a name through the trigram index', async () => {
    const where = searchWhere(
      { practiceId: 1, context: 'all', callerUserId: 0, callerTherapistId: null },
      searchQuery.parse({ context: 'all', search: 'rodr' }),
    );
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain select c.id from clients c where ${where}`,
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('clients_name_trgm_idx');
    expect(text).not.toMatch(/Seq Scan on clients/);
  });
});
