import { expect, test, type Locator, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { openTab, profileUrl, TINY_PNG, toast } from './support/client-profile';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The Insurance tab (spec-2 §2, §4, §8) on a client of our own: add a
 * policy, add and convert a second one, add a pre-authorization, upload the
 * card photo; axe on the tab and on its dialog.
 */

/** The policy card whose (full) payer name is `payer`, of `type`. */
function policyCard(panel: Locator, payer: string, type: 'primary' | 'secondary'): Locator {
  return panel.getByRole('article', { name: `${payer}, ${type}` });
}

async function addPolicy(
  page: Page,
  panel: Locator,
  fields: { payer: string; number: string; type?: 'Primary' | 'Secondary'; start: string },
) {
  await panel.getByRole('button', { name: 'Add policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add insurance policy' });
  if (fields.type) {
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: fields.type }).click();
  }
  await dialog.getByRole('combobox', { name: 'Insurance company' }).click();
  await page.getByRole('option', { name: fields.payer }).click();
  await dialog.getByLabel(/Insurance number/).fill(fields.number);
  await dialog.getByLabel('Start date').fill(fields.start);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('add a policy, convert it and add a pre-authorization', async ({ browser }) => {
  // One flow through many saves, each reloading the tab: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInAs(page, 'manager');
  const lastName = `Insurance-${Date.now().toString(36)}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Policy',
    lastName,
    therapist: 'Theresa Quinn',
  });

  await page.goto(profileUrl(clientId));
  const panel = await openTab(page, 'Insurance');
  await expect(panel.getByText('No insurance policies yet.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Check eligibility' })).toHaveAttribute(
    'href',
    `/n/client/eligibility/${clientId}`,
  );
  await expectNoSeriousA11yViolations(page);

  // A primary policy with a long payer name: cut in the list, whole for screen readers.
  await addPolicy(page, panel, {
    payer: 'Blue Cross Blue Shield of Maine Anthem (00180)',
    number: 'XYZ123456789',
    start: '01/01/2026',
  });
  await expect(toast(page, 'Insurance saved.')).toBeVisible();
  const bcbs = policyCard(panel, 'Blue Cross Blue Shield of Maine Anthem (00180)', 'primary');
  // The payer in full: the card has room for its name and id (issue 15).
  await expect(
    bcbs.getByRole('heading', { name: 'Blue Cross Blue Shield of Maine Anthem (00180), primary' }),
  ).toHaveText('Blue Cross Blue Shield of Maine Anthem (00180)');
  for (const flag of ['Primary', 'Current', 'Active', 'Verified']) {
    await expect(bcbs.getByText(flag, { exact: true })).toBeVisible();
  }
  await expect(bcbs.getByText('XYZ123456789')).toBeVisible();

  // A secondary, then convert it: the two current policies trade places.
  await addPolicy(page, panel, {
    payer: 'Aetna (60054)',
    number: 'W987654321',
    type: 'Secondary',
    start: '02/01/2026',
  });
  const aetna = policyCard(panel, 'Aetna (60054)', 'secondary');
  await expect(aetna).toBeVisible();
  await aetna
    .getByRole('button', { name: 'Convert secondary policy Aetna (60054) to primary' })
    .click();
  await expect(toast(page, 'Policy converted.')).toBeVisible();
  await expect(policyCard(panel, 'Aetna (60054)', 'primary')).toBeVisible();
  await expect(
    policyCard(panel, 'Blue Cross Blue Shield of Maine Anthem (00180)', 'secondary'),
  ).toBeVisible();

  // A pre-authorization on the (now primary) Aetna policy.
  const primary = policyCard(panel, 'Aetna (60054)', 'primary');
  await primary
    .getByRole('button', { name: 'Add pre-authorization to the primary policy Aetna (60054)' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add pre-authorization' });
  await dialog.getByLabel(/Authorization number/).fill('PA-E2E-1');
  await dialog.getByLabel('Start date').fill('03/01/2026');
  await dialog.getByLabel('End date').fill('08/31/2026');
  await dialog.getByLabel('Visits authorized').fill('12');
  await dialog.getByRole('combobox', { name: 'CPT codes' }).click();
  await page.getByRole('option', { name: /^90834/ }).click();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Pre-authorization saved.')).toBeVisible();
  const preAuths = primary.getByRole('list', {
    name: 'Pre-authorizations of the primary policy Aetna (60054)',
  });
  await expect(preAuths.getByText(/^PA-E2E-1 · granted/)).toBeVisible();
  await expect(preAuths.getByText(/3\/1\/26 – 8\/31\/26 · 12 visits · 90834/)).toBeVisible();

  // The card photo goes up to a signed address and shows.
  await primary
    .getByLabel('Card photo file of the primary policy Aetna (60054)')
    .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(toast(page, 'Insurance card photo saved.')).toBeVisible();
  await expect(
    primary.getByRole('img', { name: 'Insurance card of the primary policy Aetna (60054)' }),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
  await context.close();
});
