import { startLocalOidc, type LocalOidc } from '../apps/server/test/local-oidc.ts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { appUrl } from './support/demo';
import { signInAs } from './support/sign-in';
import { ssoPort } from './support/sso';
import { expect, test } from './support/test';

/**
 * Single sign-on end to end (issue 16 item 7): a manager sets the practice's
 * provider up on /practice/settings/sso, then a therapist signs in through a
 * real OpenID provider (oidc-provider, on this machine at the port the app
 * is allowed to reach) and lands in the app signed in.
 */

let idp: LocalOidc;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const appPort = Number(process.env.E2E_APP_PORT);
  idp = await startLocalOidc({
    port: ssoPort(appPort),
    redirectUris: [`http://127.0.0.1:${String(appPort)}/api/public/auth/sso/callback`],
  });
  idp.accounts.set('therapist1@example.com', { email: 'therapist1@example.com' });
  idp.accounts.set('owner2@example.com', { email: 'owner2@example.com' });
});

test.afterAll(async () => {
  await idp.close();
});

test('a manager sets the provider up: tested, saved, the secret never shown', async ({ page }) => {
  await signInAs(page, 'manager', { next: '/practice/settings/sso' });
  await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();
  await expect(page.getByLabel('Redirect URI')).toHaveValue(/\/api\/public\/auth\/sso\/callback$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('textbox', { name: 'Issuer URL' }).fill('https://127.0.0.1:9/');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/The issuer did not answer/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Issuer URL' }).fill(idp.issuer);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(`The provider answered: ${idp.issuer}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Client ID' }).fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  await page.getByRole('textbox', { name: 'Email domains' }).fill('example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on saved.')).toBeVisible();
  await expect(page.getByText(/A secret is kept/)).toBeVisible();
  await expect(page.getByLabel('Client secret')).toHaveValue('');

  const stored = await page.request.get('/api/practice/sso/settings');
  const body = await stored.text();
  expect(body).not.toContain(idp.clientSecret);
  expect(JSON.parse(body)).toMatchObject({
    data: { configured: true, issuer: idp.issuer, allowedDomains: ['example.com'] },
  });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSeriousA11yViolations(page);
});

test('a therapist signs in through the practice provider', async ({ page }) => {
  await page.goto(appUrl.signIn);
  await page.getByRole('button', { name: 'Use single sign-on' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: 'Work email' }).fill('therapist1@example.com');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();

  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(idp.issuer);
  await page.getByLabel('Email', { exact: true }).fill('therapist1@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/n\/$/);
  const identity = (await (await page.request.get('/api/user/identity')).json()) as {
    isAuthenticated: boolean;
    email: string | null;
  };
  expect(identity).toMatchObject({ isAuthenticated: true, email: 'therapist1@example.com' });
});

test('a person of another practice is sent back with the reason', async ({ page }) => {
  await page.goto(appUrl.signIn);
  await page.getByRole('button', { name: 'Use single sign-on' }).click();
  await page.getByRole('textbox', { name: 'Work email' }).fill('owner2@example.com');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // Wait for the provider's page: until it arrives, 'Email' also matches our 'Work email'.
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('owner2@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/n\/public\/login\?sso_error=no_account/);
  await expect(page.getByRole('alert')).toContainText('No active staff account of this practice');
  await expectNoSeriousA11yViolations(page);
  const identity = (await (await page.request.get('/api/user/identity')).json()) as {
    isAuthenticated: boolean;
  };
  expect(identity.isAuthenticated).toBe(false);
});
