import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { clientIdByName, profileUrl, toast } from './support/client-profile';
import { demoTherapists, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Forms on the client profile: a new client gets the practice's automatic
 * forms (the demo practice has one, "Intake questionnaire"); an existing
 * client gets them with "Assign automatic forms".
 */

/** MM/DD/YYYY of today in the browser's zone (the demo practice's zone in CI). */
const todayUs = () => {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
};

test.describe('client forms', () => {
  test('a new client has the automatic forms pending; assigning again adds none', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const lastName = `Forms${uniqueSuffix()}`;
    const clientId = await createClientByApi(page, {
      firstName: 'Fern',
      lastName,
      therapist: demoTherapists.therapist2,
    });
    await page.goto(profileUrl(clientId));
    await expect(page.getByRole('heading', { level: 1, name: `Fern ${lastName}` })).toBeVisible();
    const forms = page.getByRole('region', { name: 'Forms' });
    const pending = forms.getByRole('list', { name: 'Pending forms' });
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await expect(pending.getByRole('listitem')).toContainText('Intake questionnaire');
    await expect(pending.getByRole('listitem')).toContainText(`Pending since ${todayUs()}`);
    await expectNoSeriousA11yViolations(page);

    await forms.getByRole('button', { name: 'Assign automatic forms' }).click();
    await expect(toast(page, 'The client already has every automatic form.')).toBeVisible();
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('an existing client gets the automatic forms on request', async ({ page }) => {
    await signInAs(page, 'manager');
    const bob = await clientIdByName(page.request, 'sinclair', {
      firstName: 'Robert',
      lastName: 'Sinclair',
    });
    await page.goto(profileUrl(bob));
    await expect(page.getByRole('heading', { level: 1, name: 'Bob Sinclair' })).toBeVisible();
    const forms = page.getByRole('region', { name: 'Forms' });
    await expect(forms.getByText('No pending forms.')).toBeVisible();

    const assign = forms.getByRole('button', { name: 'Assign automatic forms' });
    await assign.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Assigned 1 form: Intake questionnaire.')).toBeVisible();
    await expect(
      forms.getByRole('list', { name: 'Pending forms' }).getByRole('listitem'),
    ).toContainText('Intake questionnaire');
  });
});
