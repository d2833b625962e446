#!/usr/bin/env node
// `npm test`: every test, end-to-end in a real browser included, in two lanes side by side
// (the machine's two cores are rarely both busy in one suite: the PostgreSQL suite and the
// browser tests mostly wait):
//   lane 1: domain and web unit tests (Vitest), the API tests on PostgreSQL when
//           TEST_DATABASE_URL is set, then the same API tests on the embedded database (PGlite)
//   lane 2: the web build and the Playwright tests in Debian's Chromium: the longest suite,
//           so it starts first and nothing waits for it
// Each suite's output is printed whole when it ends (never interleaved), with a plain
// "N passed, N failed" line and its time; any failure exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const results = [];
/** One line per failed test, printed again at the end. */
const failures = [];

/** Runs a command with its output on the terminal (for short set-up steps). */
function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Runs a command with its output kept in a file, printed whole when it ends. */
function runQuiet(label, command, args, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'op-test-'));
  const logPath = join(dir, 'output.log');
  const log = createWriteStream(logPath);
  const started = Date.now();
  console.log(`▶ ${label} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(`\n▼ ${label} (${seconds} s)\n${readFileSync(logPath, 'utf8')}`);
        rmSync(dir, { recursive: true, force: true });
        resolve({ ok: code === 0, seconds });
      });
    });
  });
}

/**
 * Each failed test (or file that failed to run) in a Vitest JSON report, with its first line of
 * error: repeated at the very end, since a long run's log is often read from its tail.
 */
function failedTestsOf(label, json) {
  const lines = [];
  for (const file of json.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      lines.push(`${label}: ${name} › ${test.fullName}: ${reason}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`${label}: ${name}: ${String(file.message ?? '').split('\n')[0]}`);
    }
  }
  return lines;
}

/** Runs a Vitest workspace and reads its JSON report for the summary line. */
async function vitest(label, workspace, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'op-vitest-'));
  const report = join(dir, 'report.json');
  const { ok, seconds } = await runQuiet(
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
    failures.push(...failedTestsOf(label, json));
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`${label}: ${passed} passed, ${failed} failed (${seconds} s)`);
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

/** pdftotext and pdfimages (poppler-utils): the print-records tests read their PDFs back. */
function ensurePoppler() {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('pdftotext is missing; installing Debian’s poppler-utils package…');
    run('apt-get update', 'apt-get', ['update']);
    run('apt-get install poppler-utils', 'apt-get', ['install', '-y', 'poppler-utils']);
    return;
  }
  console.error(
    'pdftotext is missing: the print-records tests will fail. Install it as root with: apt-get update && apt-get install -y poppler-utils',
  );
}

async function unitAndApi() {
  await vitest('domain unit tests', 'packages/domain');
  await vitest('contracts unit tests', 'packages/contracts');
  await vitest('web unit tests', 'apps/web');
  if (process.env.TEST_DATABASE_URL) {
    await vitest('API tests on PostgreSQL', 'apps/server', {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    });
  } else {
    console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only.');
  }
  await vitest('API tests on PGlite', 'apps/server', { TEST_DATABASE_URL: '' });
}

async function browser() {
  if (!ensureChromium()) {
    results.push({ label: 'end-to-end tests', ok: false, passed: 0, failed: 1 });
    return;
  }
  const build = await runQuiet('build the web app', 'npm', [
    'run',
    'build',
    '-w',
    '@openpractice/web',
  ]);
  if (!build.ok) {
    results.push({
      label: 'web build (with its JavaScript budgets)',
      ok: false,
      passed: 0,
      failed: 1,
    });
    return;
  }
  const e2e = await runQuiet('end-to-end tests (Playwright, Chromium)', 'npx', [
    'playwright',
    'test',
    '--config',
    'e2e/playwright.config.ts',
  ]);
  results.push({
    label: 'end-to-end tests',
    ok: e2e.ok,
    passed: e2e.ok ? 1 : 0,
    failed: e2e.ok ? 0 : 1,
  });
  console.log(`end-to-end tests: ${e2e.ok ? 'all passed' : 'some failed'} (${e2e.seconds} s)`);
}

ensurePoppler();
await Promise.all([unitAndApi(), browser()]);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\n' + results.map((r) => `${r.ok ? '✔' : '✘'} ${r.label}`).join('\n'));
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
