import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ID_ANALYSIS_TOKEN, idAnalysisPort } from './support/id-analysis';

/**
 * End-to-end tests drive Debian's Chromium against the real server, which
 * serves the built web app (`npm run build -w @openpractice/web` first) from a
 * fresh embedded database seeded with the demo practice.
 */

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium is missing at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium ` +
      '(never run `npx playwright install`; the network is closed).',
  );
}

// E2E_PORT lets two runs (say, CI and a developer) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A stand-in photo ID analysis service (support/id-analysis-stub.ts) the app reads IDs with.
const ID_ANALYSIS_URL = `http://127.0.0.1:${idAnalysisPort(PORT)}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The config is loaded again in every worker: make the data folder once, in
// the runner, and hand it on through the environment. It is removed when the
// runner exits, after Playwright has stopped the server.
let dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), 'openpractice-e2e-'));
  dataDir = created;
  process.env.E2E_DATA_DIR = created;
  process.on('exit', () => {
    if (!process.env.E2E_KEEP_DATA) rmSync(created, { recursive: true, force: true });
  });
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `node --import tsx e2e/support/id-analysis-stub.ts ${idAnalysisPort(PORT)}`,
      cwd: repoRoot,
      url: `${ID_ANALYSIS_URL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // main.ts, letting the app fetch calendar-external.spec.ts's local ICS server only.
      command: 'node --import tsx e2e/support/server.ts',
      cwd: repoRoot,
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The server logs every request; E2E_SERVER_LOGS=1 shows them.
      stdout: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        // Links in emails come only from PUBLIC_URL: the address the tests browse.
        PUBLIC_URL: BASE_URL,
        NODE_ENV: 'test',
        ID_ANALYSIS_URL: `${ID_ANALYSIS_URL}/read-id`,
        ID_ANALYSIS_TOKEN,
      },
    },
  ],
});
