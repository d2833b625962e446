import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';
import { DEMO_MARKER, seedDemo, type SeedStepHook } from './demo.ts';
import { DEMO_CAST, DEMO_PASSWORD } from './demo-cast.ts';

/**
 * Demo mode: the database holds the demo practices, whose accounts all share
 * the password published in the README. It is decided by the database (the
 * marker the seed writes in its transaction), not by the settings, so a
 * database seeded once stays flagged, and a real practice created with
 * `npm run create-owner` on an empty database never is.
 */
export async function holdsDemo(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ name: serverSecrets.name })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, DEMO_MARKER));
  return row !== undefined;
}

/**
 * Whether this start may seed: an empty embedded database unless SEED_DEMO=0;
 * a PostgreSQL server (DATABASE_URL) only when SEED_DEMO=1 asks for it.
 */
export const wantsDemoSeed = (seedSetting: boolean | undefined, kind: Database['kind']): boolean =>
  seedSetting ?? kind === 'pglite';

/** Seeds the demo when wanted and the database is empty; answers whether it seeded and the mode. */
export async function prepareDemo(
  database: Pick<Database, 'db' | 'kind'>,
  seedSetting: boolean | undefined,
  afterStep?: SeedStepHook,
): Promise<{ seeded: boolean; demoMode: boolean }> {
  const seeded = wantsDemoSeed(seedSetting, database.kind)
    ? await seedDemo(database.db, afterStep)
    : false;
  return { seeded, demoMode: await holdsDemo(database.db) };
}

/** Printed at every start in demo mode, in plain words. */
export function demoNotice(): string {
  const rule = '='.repeat(78);
  return [
    rule,
    'DEMO MODE',
    `This database holds demo practices whose accounts share the published password`,
    `${DEMO_PASSWORD} (README, "Demo sign-ins"). Anyone who can reach this server can`,
    'sign in with them. Do not store real client information here.',
    'For real use, start on an empty database with SEED_DEMO=0 (or DATABASE_URL) and',
    'create the first owner with: npm run create-owner',
    rule,
  ].join('\n');
}

/** The demo sign-ins, printed once when the demo is first seeded. */
export function demoCastList(): string {
  return [
    `Demo practices created. Sign in with any of these (password ${DEMO_PASSWORD}):`,
    ...DEMO_CAST.map((p) => `  ${p.username.padEnd(12)} ${p.who}`),
  ].join('\n');
}
