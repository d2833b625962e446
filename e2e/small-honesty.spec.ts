import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { demoTherapists, uniqueSuffix } from './support/clients';
import { signInAs } from './support/sign-in';

/**
 * Issue 15's small things, as users see them: a date of birth over 120 years
 * ago warns without refusing; payer names and ids are not cut where the row
 * has room; New Clients and Intake say what they list. Each page is scanned
 * at desktop and phone width.
 */

const DOB_WARNING = 'Check: This date of birth is more than 120 years ago. Please check the year.';
const PHONE = { width: 375, height: 800 };

async function scanAtBothWidths(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('issue 15 small things', () => {
  test('a date of birth over 120 years ago warns on the new-client form and basic details', async ({
    page,
  }) => {
    await signInAs(page, 'manager', { next: '/client/new' });
    const dob = page.getByLabel('Date of birth');
    await dob.fill('04/12/1990');
    await expect(page.getByText(DOB_WARNING)).toHaveCount(0);
    await dob.fill('04/12/1890');
    await expect(page.getByText(DOB_WARNING)).toBeVisible();
    await scanAtBothWidths(page);

    const lastName = `Old${uniqueSuffix()}`;
    const clientId = await createClientByApi(page, {
      firstName: 'Ada',
      lastName,
      therapist: demoTherapists.therapist1,
    });
    await page.goto(`/n/client/${clientId}`);
    const basic = page.getByRole('form', { name: 'Basic details' });
    await basic.getByLabel('Date of birth').fill('01/01/1901');
    await expect(basic.getByText(DOB_WARNING)).toBeVisible();
    // A warning, not a refusal: it saves.
    await basic.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated.')).toBeVisible();
    await basic.getByLabel('Date of birth').fill('01/01/1950');
    await expect(basic.getByText(DOB_WARNING)).toHaveCount(0);
  });

  test('payer names and ids show in full where the row has room', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/practice/insurance' });
    const table = page.getByRole('table', { name: 'Insurance payers' });
    await expect(
      table.getByText('Blue Cross Blue Shield of Maine Anthem (00180)', { exact: true }),
    ).toBeVisible();
    await expect(table.getByText(/\.\.\./)).toHaveCount(0);
    await scanAtBothWidths(page);
  });

  test('New Clients and Intake say what they list', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/client/newClients' });
    await expect(page.getByRole('heading', { name: 'New Clients', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Every client of the practice, the most recently added first.'),
    ).toBeVisible();
    await scanAtBothWidths(page);
    await page.locator('#main-content').getByRole('link', { name: 'Intake', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Intake', level: 1 })).toBeVisible();
    await expect(page.getByText('New Clients lists every client, newest first.')).toBeVisible();
    await scanAtBothWidths(page);
  });
});
