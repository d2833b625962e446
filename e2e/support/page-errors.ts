import type { Page } from '@playwright/test';

/**
 * Collects uncaught exceptions and console errors on a page, such as a
 * Content-Security-Policy refusal. Failed HTTP answers (a 401 on a wrong
 * password) are expected in tests and left out.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    errors.push(`console: ${message.text()}`);
  });
  return errors;
}
