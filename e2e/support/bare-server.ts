import { test as base } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { BASE_PORT, repoRoot, start, stop, waitUntilUp } from './test';

export * from '@playwright/test';

/**
 * A server as a real practice starts it (README, "outside demo mode"): a fresh embedded
 * database with SEED_DEMO=0, its owner created first with `npm run create-owner`, and
 * PUBLIC_URL set because the server refuses to start without it outside demo mode. It is
 * apps/server/src/main.ts itself, not support/server.ts, which adds the 16-therapist group
 * practice to every embedded database. Specs that import `test` from here get no demo
 * server at all: `baseURL` is this server's.
 */

export interface BareOwner {
  practice: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  timezone: string;
  password: string;
}

export interface BareServer {
  baseURL: string;
  /** What `npm run create-owner` printed. */
  createOwnerOutput: string;
}

/**
 * Runs `npm run create-owner` against `dataDir` with the password on standard input (never a
 * flag: it would show in the process list); answers what it printed, or throws with it.
 */
export function createOwner(dataDir: string, owner: BareOwner): Promise<string> {
  const args = [
    'run',
    '--silent',
    'create-owner',
    '--',
    ...['--practice', owner.practice, '--first-name', owner.firstName],
    ...['--last-name', owner.lastName, '--username', owner.username],
    ...['--email', owner.email, '--timezone', owner.timezone, '--password-stdin'],
  ];
  const child = spawn('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.stdin.end(`${owner.password}\n`);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`npm run create-owner exited ${String(code)}:\n${output}`));
    });
  });
}

/**
 * The owner a spec's bare server is created with; a spec sets it with
 * `test.use({ bareOwner: … })`.
 */
export const test = base.extend<{ bareOwner: BareOwner; bareServer: BareServer }>({
  bareOwner: [
    {
      practice: 'Bare Practice',
      firstName: 'Owner',
      lastName: 'Person',
      username: 'owner.person',
      email: 'owner.person@example.com',
      timezone: 'America/New_York',
      password: 'Copper-kettle-7741!',
    },
    { option: true },
  ],
  bareServer: [
    async ({ bareOwner }, use, testInfo) => {
      // Five above the worker's demo server, clear of its ICS (+2) and OpenID (+3) stand-ins,
      // so the two may run side by side when the whole suite shares a worker.
      const port = BASE_PORT + testInfo.parallelIndex * 10 + 5;
      const baseURL = `http://127.0.0.1:${String(port)}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'openpractice-e2e-bare-'));
      try {
        const createOwnerOutput = await createOwner(dataDir, bareOwner);
        const app = start(
          ['apps/server/src/main.ts'],
          {
            PORT: String(port),
            DATA_DIR: dataDir,
            SEED_DEMO: '0',
            // Required outside demo mode: links in emails (the staff activation) come from it.
            PUBLIC_URL: baseURL,
            NODE_ENV: 'test',
          },
          Boolean(process.env.E2E_SERVER_LOGS),
        );
        try {
          await waitUntilUp(`${baseURL}/api/health`, app, 150_000);
          await use({ baseURL, createOwnerOutput });
        } finally {
          await stop(app);
        }
      } finally {
        if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Migrating a new database and starting takes a while on a loaded machine.
    { timeout: 180_000 },
  ],
  baseURL: async ({ bareServer }, use) => {
    await use(bareServer.baseURL);
  },
});
