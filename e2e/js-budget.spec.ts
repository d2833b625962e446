import { expect, test, type Page } from './support/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

import { appUrl } from './support/demo';
import { signInByApi } from './support/session-settings';

/**
 * JavaScript budgets in a real browser (issue 14 item 5): every script a cold
 * page loads until the network is idle, each gzip-compressed (level 9, as the
 * build precompresses them), summed. The budgets are the build's own
 * (apps/web/scripts/js-budgets.json, checked from the manifest at build time);
 * this spec also counts what loads after the first paint.
 */

interface PageBudget {
  page: string;
  kib: number;
  /** What a page that loads code after its first paint may load until the network is idle. */
  untilIdleKib?: number;
}

const budgets = (
  JSON.parse(
    readFileSync(new URL('../apps/web/scripts/js-budgets.json', import.meta.url), 'utf8'),
  ) as { pages: PageBudget[] }
).pages;

function budgetOf(name: string): number {
  const budget = budgets.find((entry) => entry.page === name);
  if (!budget) throw new Error(`apps/web/scripts/js-budgets.json has no budget for ${name}.`);
  return (budget.untilIdleKib ?? budget.kib) * 1024;
}

/** Starts counting the page's scripts; the returned function gives the files and their gzip sizes. */
function countScripts(page: Page): () => Promise<Map<string, number>> {
  const pending: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => [response.url(), gzipSync(body, { level: 9 }).length]),
    );
  });
  return async () => new Map(await Promise.all(pending));
}

function total(sizes: Map<string, number>): number {
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

function report(name: string, sizes: Map<string, number>): string {
  const files = [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([url, size]) => `  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${new URL(url).pathname}`,
    );
  return `${name}: ${(total(sizes) / 1024).toFixed(1)} KiB gzip in ${sizes.size} scripts\n${files.join('\n')}`;
}

test('the sign-in page loads no more JavaScript than its budget', async ({ page }) => {
  const scripts = countScripts(page);
  await page.goto(appUrl.signIn, { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const sizes = await scripts();
  console.log(report('sign-in', sizes));
  expect(sizes.size).toBeGreaterThan(0);
  expect(total(sizes), report('sign-in', sizes)).toBeLessThanOrEqual(budgetOf('sign-in'));
});

test('the signed-in calendar loads no more JavaScript than its budget', async ({ page }) => {
  // Signed in through the API, so the calendar is the first page this browser loads.
  await signInByApi(page.request, 'therapist1');
  const scripts = countScripts(page);
  await page.goto('/n/schedule', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const sizes = await scripts();
  console.log(report('calendar', sizes));
  expect(total(sizes), report('calendar', sizes)).toBeLessThanOrEqual(budgetOf('calendar'));
});
