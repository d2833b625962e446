#!/usr/bin/env node
// `npm test`: every test, end-to-end in a real browser included.
//   1. domain and web unit tests (Vitest)
//   2. API tests on the embedded database (PGlite)
//   3. the same API tests on PostgreSQL when TEST_DATABASE_URL is set
//   4. builds the web app and runs the Playwright tests in Debian's Chromium
// Each step prints a plain "N passed, N failed" line; any failure exits non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const results = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Runs a Vitest workspace and reads its JSON report for the summary line. */
function vitest(label, workspace, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'op-vitest-'));
  const report = join(dir, 'report.json');
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      workspace,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok ? 0 : json.numFailedTests === 0 ? 1 : 0);
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`${label}: ${passed} passed, ${failed} failed`);
  results.push({ label, ok, passed, failed });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing; installing Debian’s chromium package…');
    return (
      run('apt-get update', 'apt-get', ['update']) &&
      run('apt-get install chromium', 'apt-get', ['install', '-y', 'chromium'])
    );
  }
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it as root with: apt-get update && apt-get install -y chromium`,
  );
  return false;
}

vitest('domain unit tests', 'packages/domain');
vitest('web unit tests', 'apps/web');
vitest('API tests on PGlite', 'apps/server', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', 'apps/server', {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.');
}

if (!ensureChromium()) {
  results.push({ label: 'end-to-end tests', ok: false, passed: 0, failed: 1 });
} else if (!run('build the web app', 'npm', ['run', 'build', '-w', '@openpractice/web'])) {
  results.push({ label: 'web build', ok: false, passed: 0, failed: 1 });
} else {
  const ok = run('end-to-end tests (Playwright, Chromium)', 'npx', [
    'playwright',
    'test',
    '--config',
    'e2e/playwright.config.ts',
  ]);
  results.push({ label: 'end-to-end tests', ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  console.log(`end-to-end tests: ${ok ? 'all passed' : 'some failed'}`);
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\n' + results.map((r) => `${r.ok ? '✔' : '✘'} ${r.label}`).join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
