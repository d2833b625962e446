import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { DEMO_PASSWORD, type DemoUser } from './support/demo';

const STAFF_URL = '/n/practice/settings/staff';
const NEW_PASSWORD = 'Lantern-harbour-2026';

/**
 * Signs in from the sign-in page. (Not support/sign-in.ts: its 'Sign in' button match is not
 * exact, and the page may also offer 'Sign in with single sign-on'.)
 */
async function submitSignIn(page: Page, username: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signInAs(page: Page, user: DemoUser, options: { next?: string } = {}) {
  const query = options.next ? `?next=${encodeURIComponent(options.next)}` : '';
  await page.goto(`/n/public/login${query}`);
  await submitSignIn(page, user, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/public\/login/);
}

type LoggedEmail = { recipient: string; body: string };

/** The newest email to `address` in the practice's email log (the local mailer keeps the body). */
async function emailTo(request: APIRequestContext, address: string): Promise<LoggedEmail> {
  const response = await request.get('/api/emailMonitoring/outbound', { params: { limit: 200 } });
  expect(response.ok(), 'read the email log').toBe(true);
  const { data } = (await response.json()) as { data: LoggedEmail[] };
  const found = data.find((mail) => mail.recipient === address);
  expect(found, `an email to ${address}`).toBeDefined();
  return found ?? { recipient: '', body: '' };
}

async function invite(
  page: Page,
  person: { firstName: string; lastName: string; email: string; role: string },
) {
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByRole('checkbox', { name: new RegExp(`^${person.role} [A-Z]`) }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(person.lastName) });
  await expect(row.getByText('Invitation sent')).toBeVisible();
}

test.describe('practice staff', () => {
  test('a manager invites a therapist, who activates from the email and signs in', async ({
    page,
    browser,
  }) => {
    const suffix = uniqueSuffix();
    const email = `tess.${suffix}@example.com`;
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    // The Settings button leads to the practice's settings, staff included.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Staff and roles' }).click();
    await expect(page).toHaveURL(new RegExp(`${STAFF_URL}$`));
    await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();

    // Bad input names the field.
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Choose at least one role.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await invite(page, {
      firstName: 'Tess',
      lastName: `Therapist${suffix}`,
      email,
      role: 'Therapist',
    });
    const mail = await emailTo(page.request, email);
    const link = /https?:\/\/\S+\/n\/public\/staff\/activate\?token=\S+/.exec(mail.body)?.[0];
    expect(link, 'the activation link in the email').toBeDefined();

    const context = await browser.newContext();
    try {
      const therapist = await context.newPage();
      await therapist.goto(link ?? '');
      await expect(therapist.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
      await expect(therapist.getByLabel('Username')).toHaveValue(email);
      await therapist.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await therapist.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
      await therapist.getByRole('button', { name: 'Set password' }).click();
      await expect(therapist.getByText('Your password is set. Sign in to continue.')).toBeVisible();
      await submitSignIn(therapist, email, NEW_PASSWORD);
      await expect(therapist.getByRole('heading', { name: /^Hi, .+!$/ })).toBeVisible();
    } finally {
      await context.close();
    }

    // The manager sees the account active, and gives the therapist a supervisor.
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(`Therapist${suffix}`) });
    await expect(row.getByText('Active')).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`Therapist${suffix}`) }).click();
    const member = page.getByRole('dialog');
    await member.getByLabel('NPI').fill('1234567890');
    await member.getByRole('button', { name: 'Save therapist details' }).click();
    await expect(member.getByText(/check digit/)).toBeVisible();
    await member.getByLabel('NPI').fill('1234567893');
    await member.getByRole('combobox', { name: 'Supervisors' }).click();
    await page.getByRole('option').first().click();
    await member.getByRole('button', { name: 'Save therapist details' }).click();
    await expect(page.getByText('Therapist details saved.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a staff administrator is not offered owner or manager', async ({ page }) => {
    await signInAs(page, 'staffadmin', { next: '/practice/settings/staff' });
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await expect(dialog.getByRole('checkbox', { name: /^Therapist [A-Z]/ })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /^Owner [A-Z]/ })).toHaveCount(0);
    await expect(dialog.getByRole('checkbox', { name: /^Manager [A-Z]/ })).toHaveCount(0);
  });

  test('disabling hides the person unless inactive staff are shown, remembered', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    await signInAs(page, 'manager', { next: '/practice/settings/staff' });
    await invite(page, {
      firstName: 'Dana',
      lastName: `Disabled${suffix}`,
      email: `dana.${suffix}@example.com`,
      role: 'Biller',
    });
    await page.getByRole('button', { name: new RegExp(`Disabled${suffix}`) }).click();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByText('Account disabled. Their sessions have ended.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(`Disabled${suffix}`) })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show inactive' }).check();
    const row = page.getByRole('row', { name: new RegExp(`Disabled${suffix}`) });
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show inactive' })).toBeChecked();
    await expect(row).toBeVisible();
  });

  for (const width of [1440, 375]) {
    test(`the staff page has no serious accessibility problems at ${String(width)} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'manager', { next: '/practice/settings/staff' });
      await expect(page.getByRole('row', { name: /Adams, Stella/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: /Adams, Stella/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
