import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * End-to-end tests drive Debian's Chromium against the real server, which
 * serves the built web app (`npm run build -w @openpractice/web` first). Each
 * worker starts its own server on a fresh embedded database seeded with the demo
 * practice (support/test.ts); E2E_PORT (default 4310) is the first worker's port,
 * so two runs on one machine pick different E2E_PORTs.
 */

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium is missing at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium ` +
      '(never run `npx playwright install`; the network is closed).',
  );
}
/**
 * Debian's /usr/bin/chromium is a script that adds the desktop's flags, among them
 * --enable-gpu-rasterization, with which the GPU process (SwiftShader, no GPU here) drew every
 * frame at about 15% of a core per browser. The browser itself, without them, draws in its
 * renderers as a headless browser should.
 */
const CHROMIUM_BINARY = existsSync('/usr/lib/chromium/chromium')
  ? '/usr/lib/chromium/chromium'
  : CHROMIUM;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Files spread over the workers; each worker has its own app and database (support/test.ts).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  // One retry in CI only: a test that fails twice is a failure; one that passes on its retry is
  // reported as flaky in the list output (and must be fixed), rather than throwing away a whole
  // run on two loaded cores. Locally a failure is a failure at once.
  retries: process.env.CI ? 1 : 0,
  // CI runs the API suite beside the browsers on two cores: a step that takes 3 s here may take
  // 20 there, so a whole test gets a minute (every expectation still fails after 10 s).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // Browse as someone who asked for less motion: the app honours it (app/theme.ts, base.css),
    // so dialogs and menus open at once and no spinner redraws the page sixty times a second
    // on CI's two cores. The motion itself is MUI's and needs no end-to-end test of ours.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_BINARY,
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
});
