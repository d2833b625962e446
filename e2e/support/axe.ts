import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeCheckOptions {
  /** CSS selectors to leave out of the scan (third-party widgets, with a reason next to the call). */
  exclude?: string[];
  /** Rules to switch off, with a reason next to the call. */
  disableRules?: string[];
}

/**
 * Runs axe (WCAG 2.x A and AA rules and best practices) on the page as it is
 * and fails on any serious or critical violation, listing them readably.
 * The page must come from `browser.newContext()` then `context.newPage()`
 * (the `page` fixture does this); axe refuses pages from `browser.newPage()`.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: AxeCheckOptions = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);

  // Scan the page as it settles, not mid-animation: a button fading from its disabled grey
  // to its colour has, for 250 ms, white text on a pale background that no user reads.
  const settle = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await builder.analyze();
  await settle.evaluate((style) => {
    style.parentNode?.removeChild(style);
  });
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious.map(
    (v) =>
      `${v.impact ?? ''} ${v.id}: ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary ?? ''}`).join('\n'),
  );
  expect(report, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
