import type { Route } from '@playwright/test';

import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * /n/practice/card/{id?} (issue 19 item 6): a client's card on file. The biller opens it for a
 * client and keeps a card through the local processor (the page says no money moves). Where the
 * client's processor is Stripe, Stripe.js comes from js.stripe.com, which this machine cannot
 * reach (nor can an office that blocks it): the page says so plainly and offers to try again.
 * Every state passes axe.
 */

test.describe.configure({ timeout: 120_000 });

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

test('the biller keeps a client’s card on the local processor', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'biller');
  const clientId = await createClientByApi(page, {
    firstName: 'Cardy',
    lastName: `Holder${uniqueSuffix()}`,
    therapist: 'Theresa Quinn',
  });
  await page.goto(`/n/practice/card/${String(clientId)}`);
  await expect(page.getByRole('heading', { name: 'Card on file', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Client: Cardy Holder/ })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await expect(cards.getByText('No cards are kept for this client.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await cards.getByRole('button', { name: 'Add a card' }).click();
  await expect(page.getByTestId('local-processor-notice')).toContainText('no money moves');
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiration (MM/YY)' }).fill(`12/${NEXT_YEAR}`);
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await cards.getByRole('button', { name: 'Save card' }).click();
  await expect(cards.getByRole('listitem').filter({ hasText: 'Visa ending 4242' })).toContainText(
    'Default',
  );
  await expectNoSeriousA11yViolations(page);

  // Without an id the page asks for the client first.
  await page.goto('/n/practice/card');
  await expect(page.getByRole('combobox', { name: 'Client' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('a Stripe processor’s card fields say clearly when Stripe.js cannot load', async ({
  page,
}) => {
  await signInAs(page, 'biller');
  const clientId = await createClientByApi(page, {
    firstName: 'Stripy',
    lastName: `Holder${uniqueSuffix()}`,
    therapist: 'Theresa Quinn',
  });
  // The client's processor answers as a Stripe one with a publishable key (no Stripe account
  // can be connected offline); js.stripe.com is unreachable, as it is here anyway.
  await page.route('**/api/cardProcessor/list?*', async (route: Route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: Record<string, unknown>[] };
    const data = body.data.map((p) => ({
      ...p,
      kind: 'stripe',
      movesMoney: true,
      publishableKey: 'pk_test_e2eOffline',
    }));
    await route.fulfill({ response: answer, json: { data } });
  });
  await page.route('https://js.stripe.com/**', (route: Route) => route.abort());
  await page.goto(`/n/practice/card/${String(clientId)}`);
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('button', { name: 'Add a card' }).click();
  const notice = page.getByTestId('stripe-notice');
  await expect(notice).toContainText("Stripe's card fields could not be loaded.");
  await expect(notice.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('local-processor-notice')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
