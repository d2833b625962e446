import type { Route } from '@playwright/test';

import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Setting up card processing (issue 19 item 6): the owner sees the practice's processors with
 * their fees and accounts, and tries to connect a Stripe account; offline, Stripe cannot check
 * the keys, so the page says so and keeps nothing (the secret fields are password fields). The
 * compliance page: the owner answers the card-security questions and sees them in place with
 * who attested and when; the biller reads them but cannot answer. Every page passes axe.
 */

test.describe.configure({ timeout: 120_000 });

test('the owner connects Stripe (refused offline) and answers the compliance questions', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'owner');
  await page.goto('/n/practice/paymentProcessing');
  await expect(page.getByRole('heading', { name: 'Card processing', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Card processors' });
  await expect(table).toContainText('No account: nothing is charged');
  await expectNoSeriousA11yViolations(page);

  // Other tests on this worker's database may have added processors: count, don't assume.
  const rowsBefore = await table.getByRole('row').count();

  const connect = page.getByRole('form', { name: 'Connect a Stripe account' });
  await expect(connect.getByLabel('Secret key')).toHaveAttribute('type', 'password');
  await connect.getByLabel('Publishable key').fill('pk_test_e2ePublishable');
  await connect.getByLabel('Secret key').fill('sk_test_e2eSecret');
  await connect.getByLabel('Webhook signing secret').fill('whsec_e2eSigning');
  await connect.getByRole('button', { name: 'Connect' }).click();
  // No network here: the check with Stripe cannot be made, so nothing is kept.
  await expect(connect.getByRole('alert')).toContainText('could not be reached', {
    timeout: 30_000,
  });
  await expect(table.getByRole('row')).toHaveCount(rowsBefore);

  await table
    .getByRole('link', { name: /^Compliance questions for / })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { name: 'Card processing compliance', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Not answered yet.' })).toBeVisible();
  await expect(page.getByText(/fees \d+\.\d\d% \+ \$\d+\.\d\d per payment/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Answer the compliance questions' });
  for (const group of await form.getByRole('radiogroup').all())
    await group.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Your name').fill('Olivia Owner');
  await form.getByLabel('Your title').fill('Owner');
  await form.getByRole('button', { name: 'Save the answers' }).click();
  await expect(page.getByText(/^In place: attested by Olivia Owner \(Owner\)/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Earlier answers' }).getByRole('row')).toHaveCount(
    2,
  );
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('billing staff read the compliance answers but only the owner answers', async ({ page }) => {
  await signInAs(page, 'biller');
  await page.goto('/n/practice/paymentProcessing/compliance');
  await expect(
    page.getByRole('heading', { name: 'Card processing compliance', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Only the practice owner can answer these questions.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Answer the compliance questions' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the owner opens the connect form for a connected Stripe processor to change its keys', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'owner');
  // No Stripe account can be connected offline, so the list answers one more processor, as a
  // connected account would show; the change is then sent for its id (which the server, not
  // knowing it, refuses: nothing is kept).
  const connected = {
    processorId: 990_001,
    kind: 'stripe',
    name: 'Stripe E2E',
    allTherapists: true,
    therapistIds: [],
    feePercentBp: 290,
    feeFixedCents: 30,
    active: true,
    movesMoney: true,
    publishableKey: 'pk_test_e2eConnected',
    stripeAccount: {
      label: 'E2E Counseling',
      liveMode: false,
      connectedAt: new Date().toISOString(),
      hasWebhookSecret: true,
      webhookUrl: 'http://localhost/api/billing/processors/stripe/webhook/990001',
    },
  };
  await page.route('**/api/cardProcessor/list', async (route: Route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: unknown[] };
    await route.fulfill({ response: answer, json: { data: [...body.data, connected] } });
  });
  await page.goto('/n/practice/paymentProcessing');
  const table = page.getByRole('table', { name: 'Card processors' });
  await expect(table).toContainText('E2E Counseling (test mode)');
  // Only a connected account has keys to change: the local processor has no such button.
  await expect(table.getByRole('button', { name: /^Change keys of / })).toHaveCount(1);
  await table.getByRole('button', { name: 'Change keys of Stripe E2E' }).click();

  const form = page.getByRole('form', { name: 'Change the Stripe keys of Stripe E2E' });
  await expect(
    form.getByRole('heading', { name: 'Change the Stripe keys of Stripe E2E' }),
  ).toBeFocused();
  await expect(page.getByRole('form', { name: 'Connect a Stripe account' })).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('Stripe E2E');
  await expect(form.getByLabel('Secret key')).toHaveAttribute('type', 'password');
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Publishable key').fill('pk_test_e2eRolled');
  await form.getByLabel('Secret key').fill('sk_test_e2eRolled');
  await form.getByLabel('Webhook signing secret').fill('whsec_e2eRolled');
  const sent = page.waitForRequest('**/api/cardProcessor/connectStripe');
  await form.getByRole('button', { name: 'Change the keys' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    processorId: connected.processorId,
    name: 'Stripe E2E',
    publishableKey: 'pk_test_e2eRolled',
    secretKey: 'sk_test_e2eRolled',
    webhookSecret: 'whsec_e2eRolled',
  });
  await expect(form.getByRole('alert')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Cancel changing keys' }).click();
  await expect(page.getByRole('form', { name: 'Connect a Stripe account' })).toBeVisible();
  expect(errors).toEqual([]);
});
