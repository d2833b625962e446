import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import {
  chooseOptions,
  clientIdFromUrl,
  clientUrl,
  demoTherapists,
  emailsOf,
  uniqueSuffix,
} from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs, submitSignIn } from './support/sign-in';

const NEW_PASSWORD = 'Harbour-lights-2026';
const DEAD_LINK =
  'This link has expired or was already used. Ask your practice to send a new invitation.';

/**
 * As the signed-in manager on `page`: adds a client with an email and the
 * registration email ticked, and reads the activation link from the email log
 * (the local mailer keeps the body).
 */
async function inviteNewClient(
  page: Page,
  person: { firstName: string; lastName: string; email: string; therapist: string },
): Promise<string> {
  await page.goto(clientUrl.newClient);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await chooseOptions(page, 'Therapists', [person.therapist]);
  await page.getByRole('checkbox', { name: 'Send registration email' }).check();
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('Portal invitation sent.')).toBeVisible();
  await expect(page).toHaveURL(clientUrl.profile);

  const [invitation] = await emailsOf(page.request, clientIdFromUrl(page.url()));
  expect(invitation?.recipient).toBe(person.email);
  const link = /https?:\/\/\S+\/n\/public\/activate\?token=\S+/.exec(invitation?.body ?? '')?.[0];
  expect(link, 'the activation link in the email').toBeDefined();
  return link ?? '';
}

test.describe('client portal activation', () => {
  test('an invited client sets a password from the emailed link and signs in', async ({
    page,
    browser,
  }) => {
    const suffix = uniqueSuffix();
    const email = `portal.${suffix}@example.com`;
    await signInAs(page, 'manager');
    const link = await inviteNewClient(page, {
      firstName: 'Piper',
      lastName: `Portal${suffix}`,
      email,
      therapist: demoTherapists.therapist1,
    });

    // The client, in a browser of their own, opens the link.
    const context = await browser.newContext();
    try {
      const client = await context.newPage();
      const errors = collectPageErrors(client);
      await client.goto(link);
      await expect(
        client.getByRole('heading', { name: 'Set up your client portal' }),
      ).toBeVisible();
      await expect(client.getByLabel('Username')).toHaveValue(email);

      await client.getByLabel(/^New password/).fill('short');
      await client.getByLabel('Confirm new password').fill('different');
      await client.getByRole('button', { name: 'Set password' }).click();
      await expect(client.getByText('Must be at least 10 characters')).toBeVisible();
      await expect(client.getByText('The passwords do not match.')).toBeVisible();

      await client.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await client.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await client.getByRole('button', { name: 'Set password' }).click();

      await expect(client).toHaveURL(/\/n\/public\/login$/);
      await expect(client.getByText('Your password is set. Sign in to continue.')).toBeVisible();
      await submitSignIn(client, email, NEW_PASSWORD);
      await expect(client.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
      expect(errors).toEqual([]);

      // The link worked once.
      await client.goto(link);
      await expect(client.getByText(DEAD_LINK)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a link that is broken says what to do', async ({ page }) => {
    await page.goto(`${clientUrl.activate}?token=a.1.1.${'x'.repeat(43)}`);
    await expect(page.getByText(DEAD_LINK)).toBeVisible();
    await page.goto(clientUrl.activate);
    await expect(page.getByText(DEAD_LINK)).toBeVisible();
  });

  test('the activation page has no serious accessibility problems', async ({ page, browser }) => {
    const suffix = uniqueSuffix();
    await signInAs(page, 'manager');
    const link = await inviteNewClient(page, {
      firstName: 'Axel',
      lastName: `Access${suffix}`,
      email: `axel.${suffix}@example.com`,
      therapist: demoTherapists.therapist4,
    });

    // axe needs a page of its own context (support/axe.ts); this one is signed out.
    const context = await browser.newContext();
    try {
      const client = await context.newPage();
      await client.goto(link);
      await client.getByRole('button', { name: 'Set password' }).click();
      await expect(client.getByText('This is required.').first()).toBeVisible();
      await expectNoSeriousA11yViolations(client);
    } finally {
      await context.close();
    }
  });
});
