import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, wrapPglite } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data dump of the migrated, seeded database (embedded runs). */
    pgliteTemplate: string;
    /** A migrated, seeded database on TEST_DATABASE_URL's server to copy from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one template database for the whole run; each test file
 * starts from a copy of it, so files never share state.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `op_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const template = openPostgres(url.toString(), 2);
    await template.migrate();
    await seedDemo(template.db);
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'op-test-'));
  const client = await openPglite(undefined);
  const database = wrapPglite(client);
  await database.migrate();
  await seedDemo(database.db);
  const dump = await client.dumpDataDir('none');
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', path);
  project.provide('postgresTemplate', '');
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
