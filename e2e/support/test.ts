import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ID_ANALYSIS_TOKEN, idAnalysisPort } from './id-analysis';

export * from '@playwright/test';

/**
 * Every Playwright worker runs its own app (support/server.ts) on its own embedded database,
 * seeded with the demo practice, and its own photo ID analysis stand-in: workers run side by
 * side without sharing state. Specs import `test` and `expect` from here.
 */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);

type AppServer = { port: number; baseURL: string };

export function start(
  args: string[],
  env: Record<string, string>,
  showOutput: boolean,
): ChildProcess {
  return spawn('node', ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', showOutput ? 'inherit' : 'ignore', 'inherit'],
  });
}

/** Polls `url` until it answers 200, or fails after `timeoutMs` (or when the process exits). */
export async function waitUntilUp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}).`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms.`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern
    async ({}, use, workerInfo) => {
      const port = BASE_PORT + workerInfo.parallelIndex * 10;
      const baseURL = `http://127.0.0.1:${String(port)}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'openpractice-e2e-'));
      const idPort = idAnalysisPort(port);
      const stub = start(['e2e/support/id-analysis-stub.ts', String(idPort)], {}, false);
      const app = start(
        ['e2e/support/server.ts'],
        {
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED_DEMO: '1',
          // Links in emails come only from PUBLIC_URL: the address the tests browse.
          PUBLIC_URL: baseURL,
          NODE_ENV: 'test',
          ID_ANALYSIS_URL: `http://127.0.0.1:${String(idPort)}/read-id`,
          ID_ANALYSIS_TOKEN,
        },
        Boolean(process.env.E2E_SERVER_LOGS),
      );
      try {
        await waitUntilUp(`http://127.0.0.1:${String(idPort)}/health`, stub, 60_000);
        await waitUntilUp(`${baseURL}/api/health`, app, 150_000);
        // Specs that start their own local servers (the ICS feed) place them beside this app.
        process.env.E2E_APP_PORT = String(port);
        await use({ port, baseURL });
      } finally {
        await Promise.all([stop(app), stop(stub)]);
        if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.baseURL);
  },
});
