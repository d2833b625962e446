import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { demoTherapists, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Eligibility honesty (issue 15): an answer that says 'Coverage: Active' while
 * its plan has ended, or whose cost share differs from the benefits the
 * practice confirmed, shows warnings beside the coverage. Test mode answers
 * member PLANENDED from the sample default.PLANENDED.271: active, $30 copay,
 * 20 % coinsurance, $1,500 deductible, plan ended 12/31/2019.
 */

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get('/api/user/csrf');
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data, headers: await csrfHeaders(page) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A client with an Aetna policy for member PLANENDED and a benefits confirmation of a $40 copay. */
async function clientWithConfirmedPolicy(page: Page, lastName: string): Promise<number> {
  const clientId = await createClientByApi(page, {
    firstName: 'Nadia',
    lastName,
    therapist: demoTherapists.therapist1,
  });
  await post(page, '/api/patient/updateUserDetails', { patientId: clientId, dob: '1988-07-09' });
  const payers = (await (
    await page.request.get('/api/patientInsurance/listEligibilityPayers')
  ).json()) as { data: { practice_insurance_id: number; payerId: string }[] };
  const aetna = payers.data.find((p) => p.payerId === '60054');
  const saved = await post(page, '/api/patientInsurance/saveInsurance', {
    patientId: clientId,
    insuranceType: 'PRIMARY',
    isCurrent: true,
    startDate: '2019-01-01',
    endDate: null,
    insuranceNumber: 'PLANENDED',
    companyId: aetna?.practice_insurance_id,
    insuredRelationship: 'self',
  });
  await post(page, '/api/patientInsurance/saveConfirmation', {
    patientId: clientId,
    insuranceId: saved.insuranceId,
    authDate: '2019-01-15',
    copayCents: 4000,
    coinsurancePercent: 20,
    deductibleCents: 150000,
  });
  return clientId;
}

test.describe('eligibility warnings', () => {
  test('an ended plan and a differing copay show beside Coverage: Active', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const clientId = await clientWithConfirmedPolicy(page, `Warn${uniqueSuffix()}`);

    await page.goto(`/n/client/eligibility/${clientId}`);
    await expect(page.getByRole('textbox', { name: 'Insurance number' })).toHaveValue('PLANENDED');
    await page.getByRole('button', { name: 'Run check' }).click();

    const review = page.getByRole('article', { name: 'Review Report' });
    // The row of chips under the payer's name: the coverage and, beside it, the warnings.
    const header = review.getByText('Coverage: Active').locator('xpath=../..');
    await expect(review.getByText('Coverage: Active')).toBeVisible();
    await expect(header.getByText('Plan ended 12/31/2019')).toBeVisible();
    await expect(header.getByText('Copay differs')).toBeVisible();
    // Only what differs: the coinsurance and deductible agree with the confirmation.
    await expect(header.getByText('Coinsurance differs')).toHaveCount(0);

    const warnings = review.getByRole('alert', { name: 'Check before relying on this answer' });
    await expect(warnings).toContainText(
      "The payer says the plan ended on 12/31/2019. Confirm the client's current coverage before relying on this answer.",
    );
    await expect(warnings).toContainText(
      'Copay: the payer says $30.00; the benefits confirmation of 01/15/2019 says $40.00.',
    );
    await expectNoSeriousA11yViolations(page);

    // The same report from the history carries the same warnings, on a phone too.
    await review.getByRole('button', { name: 'New check' }).click();
    await page.setViewportSize({ width: 375, height: 800 });
    await page
      .getByRole('list', { name: 'Eligibility checks' })
      .getByRole('button')
      .first()
      .click();
    await expect(review.getByText('Plan ended 12/31/2019')).toBeVisible();
    await expect(warnings).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
