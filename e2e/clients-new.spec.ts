import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { chooseOptions, clientUrl, demoTherapists, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

test.describe('a new client', () => {
  test('a possible duplicate is shown first, and can be created anyway', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager', { next: '/client/new' });
    await expect(page.getByRole('heading', { name: 'New client', level: 1 })).toBeVisible();

    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Avery');
    await page.getByLabel('Date of birth').fill('04/12/1990');
    await chooseOptions(page, 'Therapists', [demoTherapists.therapist3]);
    await page.getByRole('button', { name: 'Create client' }).click();

    const warning = page.getByRole('alertdialog', { name: 'Possible duplicate clients' });
    await expect(warning).toBeVisible();
    const existing = warning.getByRole('listitem').filter({ hasText: 'Jordan Avery' }).first();
    await expect(existing.getByRole('link', { name: 'Jordan Avery' })).toHaveAttribute(
      'href',
      /\/n\/client\/\d+$/,
    );
    await expect(existing).toContainText('Born 04/12/1990');
    await expect(existing).toContainText('C000001004');
    await expect(existing).toContainText('Same name');

    // Cancel goes back to the form as it was.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByLabel('First name')).toHaveValue('Jordan');

    await page.getByRole('button', { name: 'Create client' }).click();
    await warning.getByRole('button', { name: 'Create anyway' }).click();
    await expect(page).toHaveURL(clientUrl.profile);
    await expect(page.getByText('Client created.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the form checks its fields with the usual messages', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/client/new' });
    await page.getByLabel('Date of birth').fill('02/30/1990');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Phone', { exact: true }).fill('555-12');
    await page.getByRole('button', { name: 'Create client' }).click();

    await expect(page.getByText('This is required.')).toHaveCount(3); // first and last name, therapists
    await expect(page.getByText('Please enter a valid date, e.g. 01/05/1995.')).toBeVisible();
    await expect(
      page.getByText('Please enter a valid e-mail address, e.g. name@example.com'),
    ).toBeVisible();
    await expect(
      page.getByText('Please enter phone number in valid format, e.g. (888) 555-1212'),
    ).toBeVisible();

    await page.getByRole('radio', { name: 'Private pay' }).check();
    await page.getByLabel('Usual fee').fill('12.345');
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page.getByText('Please enter an amount in dollars, e.g. 150.00.')).toBeVisible();
  });

  test('a new client with an email gets the portal invitation, a choice remembered', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    await signInAs(page, 'manager', { next: '/client/new' });
    await page.getByLabel('First name').fill('Quinn');
    await page.getByLabel('Last name').fill(`Newcomer${suffix}`);
    await page.getByLabel('Email', { exact: true }).fill(`quinn.${suffix}@example.com`);
    await chooseOptions(page, 'Therapists', [demoTherapists.therapist2]);
    await page.getByRole('radio', { name: 'Insurance' }).check();
    await page.getByRole('combobox', { name: 'Insurance company' }).click();
    await page.getByRole('option', { name: 'Aetna (60054)' }).click();
    await page.getByLabel('Insurance number').fill(`W${suffix}`);
    await page.getByRole('checkbox', { name: 'Send registration email' }).check();
    await page.getByRole('button', { name: 'Create client' }).click();

    await expect(page).toHaveURL(clientUrl.profile);
    await expect(page.getByText('Client created.')).toBeVisible();
    await expect(page.getByText('Portal invitation sent.')).toBeVisible();

    // The new client is found by name at once.
    await page.goto(clientUrl.allClients);
    await page.getByLabel('Search clients').fill(`Newcomer${suffix}`);
    await expect(page.getByRole('link', { name: `Quinn Newcomer${suffix}` })).toBeVisible();

    // The checkbox is remembered for the next new client.
    await page.goto(clientUrl.newClient);
    await expect(page.getByRole('checkbox', { name: 'Send registration email' })).toBeChecked();
  });

  test('a therapist adds a client to their own caseload by default', async ({ page }) => {
    await signInAs(page, 'therapist1', { next: '/client/new' });
    await expect(page.getByRole('heading', { name: 'New client', level: 1 })).toBeVisible();
    // The chosen therapist shows as a chip in the Therapists field.
    await expect(page.getByRole('main').getByText(demoTherapists.therapist1)).toBeVisible();
  });

  test('a staff administrator is told that adding clients is not part of their role', async ({
    page,
  }) => {
    await signInAs(page, 'staffadmin', { next: '/client/new' });
    await expect(page.getByText('Your role does not include adding clients.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create client' })).toHaveCount(0);
  });

  test('the new client page has no serious accessibility problems', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, 'manager', { next: '/client/new' });
      await page.getByRole('radio', { name: 'Insurance' }).check();
      await page.getByRole('button', { name: 'Create client' }).click();
      await expect(page.getByText('This is required.').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
