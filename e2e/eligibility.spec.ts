import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi, therapistIdByName } from './support/client-api';
import { toast } from './support/client-profile';
import { demoTherapists, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Eligibility checks (spec-1 §2 Eligibility check flow, §4, §8) in test mode:
 * the server has no CLEARINGHOUSE_URL, so answers come from the sample 271
 * files (member id NOTFOUND is rejected by the payer; any other Aetna member
 * is active with a $30 copay). Each test makes its own client.
 */

const eligibilityUrl = (clientId: number) => `/n/client/eligibility/${clientId}`;
const REPORT_URL = '/n/reporting/eligibilityCheck';

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get('/api/user/csrf');
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** A client of therapist1 with a date of birth (payers need it), made through the API. */
async function newClient(page: Page, lastName: string): Promise<number> {
  const id = await createClientByApi(page, {
    firstName: 'Elena',
    lastName,
    therapist: demoTherapists.therapist1,
  });
  const response = await page.request.post('/api/patient/updateUserDetails', {
    data: { patientId: id, dob: '1990-02-03', gender: 'Female' },
    headers: await csrfHeaders(page),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return id;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const runButton = (page: Page) => page.getByRole('button', { name: 'Run check' });
const history = (page: Page) => page.getByRole('list', { name: 'Eligibility checks' });

test.describe('eligibility checks', () => {
  test('run a check, review it, clear it, reload a history item', async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const lastName = `Elig${uniqueSuffix()}`;
    const clientId = await newClient(page, lastName);

    await page.goto(eligibilityUrl(clientId));
    await expect(
      page.getByRole('heading', { level: 1, name: `Eligibility check: Elena ${lastName}` }),
    ).toBeVisible();
    await expect(
      page.getByText('Test mode: answers come from sample files, not from the payer.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Elena ${lastName}’s record` })).toHaveAttribute(
      'href',
      `/n/client/${clientId}`,
    );
    await expect(page.getByText('No eligibility checks yet.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Service type' })).toHaveText(
      'MH - Mental Health',
    );
    await expect(page.getByRole('combobox', { name: 'Therapist' })).toHaveText(
      demoTherapists.therapist1,
    );
    await expectNoSeriousA11yViolations(page);

    // A member the payer does not know: the failure message, and still on Create.
    await choose(page, 'Payer', 'Aetna (60054)');
    await page.getByRole('textbox', { name: 'Insurance number' }).fill('NOTFOUND');
    await runButton(page).click();
    const rejection = page.getByRole('alert').filter({ hasText: 'The payer could not confirm' });
    await expect(rejection).toContainText(
      'The subscriber or insured was not found. Please correct and resubmit.',
    );
    await expect(runButton(page)).toBeVisible();
    await expect(history(page).getByRole('listitem')).toHaveCount(1);
    await expect(history(page)).toContainText('Rejected');

    // The corrected number: on to Review.
    await page.getByRole('textbox', { name: 'Insurance number' }).fill('W123456780');
    await runButton(page).click();
    const review = page.getByRole('article', { name: 'Review Report' });
    await expect(review.getByText('Coverage: Active')).toBeVisible();
    const costShare = review.getByRole('region', { name: 'Cost share' });
    await expect(costShare).toContainText('Copay$30.00');
    await expect(costShare).toContainText('Coinsurance20%');
    await expect(costShare).toContainText('Deductible remaining$1,000.50');
    await expect(review.getByRole('region', { name: 'Plan' })).toContainText(
      '01/01/2024 – 12/31/2024',
    );
    await expect(review.getByRole('region', { name: 'Subscriber' })).toContainText(
      `ELENA ${lastName.toUpperCase()}`,
    );
    await expect(review.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(history(page).getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    // Clearing returns to Create, keeping what was typed.
    await review.getByRole('button', { name: 'New check' }).click();
    await expect(runButton(page)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Insurance number' })).toHaveValue('W123456780');

    // The older check from the history: Review shows the rejection; the newer, the coverage.
    await history(page).getByRole('button').nth(1).click();
    await expect(review.getByText('The subscriber or insured was not found.')).toBeVisible();
    await history(page).getByRole('button').first().click();
    await expect(review.getByText('Coverage: Active')).toBeVisible();
    await expect(history(page).getByRole('button').first()).toHaveAttribute('aria-current', 'true');

    // A dependent of the insured.
    await review.getByRole('button', { name: 'New check' }).click();
    await page.getByRole('radio', { name: 'Dependent' }).check();
    await page.getByRole('textbox', { name: 'Insured first name' }).fill('Pat');
    await page.getByRole('textbox', { name: 'Insured last name' }).fill(lastName);
    await runButton(page).click();
    await expect(review.getByRole('region', { name: 'Dependent' })).toContainText('ELENA');
    await expect(review.getByRole('region', { name: 'Subscriber' })).toContainText('PAT');
    expect(errors).toEqual([]);
  });

  test('the report lists the checks of the period, sortable, linking to the client', async ({
    page,
  }) => {
    // The owner has practice-wide reporting and may check eligibility too.
    await signInAs(page, 'owner');
    const lastName = `Elig${uniqueSuffix()}`;
    const clientId = await newClient(page, lastName);
    const therapistId = await therapistIdByName(page.request, demoTherapists.therapist1);
    for (const insuranceNumber of ['NOTFOUND', 'W123456782']) {
      const response = await page.request.post('/api/patientInsurance/checkEligibility', {
        data: {
          patientId: clientId,
          payerId: '60054',
          serviceCode: 'MH',
          therapistId,
          isDependent: false,
          insuranceNumber,
        },
        headers: await csrfHeaders(page),
      });
      expect(response.ok(), await response.text()).toBe(true);
    }

    await page.goto(REPORT_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Eligibility checks' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Eligibility checks' });
    const rows = table.getByRole('row').filter({ hasText: lastName });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Coverage active');
    await expect(rows.first()).toContainText('$30.00');
    await expect(rows.nth(1)).toContainText('Rejected');
    await expect(rows.nth(1)).toContainText('The subscriber or insured was not found.');
    await expectNoSeriousA11yViolations(page);

    await table.getByRole('button', { name: 'Client' }).click();
    await expect(table.getByRole('columnheader', { name: 'Client' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2000-01-01');
    await expect(page.getByText('Choose a period of at most 366 days.')).toBeVisible();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(to);
    await rows
      .first()
      .getByRole('link', { name: `Elena ${lastName}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/n/client/${clientId}$`));
  });

  test("prefills from the client's default policy, a dependent's included", async ({ page }) => {
    await signInAs(page, 'manager');
    const lastName = `Elig${uniqueSuffix()}`;
    const clientId = await newClient(page, lastName);
    const payers = (await (
      await page.request.get('/api/patientInsurance/listEligibilityPayers')
    ).json()) as { data: { practice_insurance_id: number; payerId: string }[] };
    const aetna = payers.data.find((p) => p.payerId === '60054');
    const saved = await page.request.post('/api/patientInsurance/saveInsurance', {
      data: {
        patientId: clientId,
        insuranceType: 'PRIMARY',
        isCurrent: true,
        startDate: '2025-01-01',
        endDate: null,
        insuranceNumber: 'C765432109',
        companyId: aetna?.practice_insurance_id,
        insuredRelationship: 'child',
        insuredFirstName: 'Pat',
        insuredLastName: lastName,
        insuredDob: '1960-05-05',
      },
      headers: await csrfHeaders(page),
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto(eligibilityUrl(clientId));
    await expect(page.getByRole('combobox', { name: 'Payer' })).toHaveText('Aetna (60054)');
    await expect(page.getByRole('textbox', { name: 'Insurance number' })).toHaveValue('C765432109');
    await expect(page.getByRole('radio', { name: 'Dependent' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Insured first name' })).toHaveValue('Pat');
    await expect(page.getByRole('textbox', { name: 'Insured last name' })).toHaveValue(lastName);
    await expect(page.getByRole('combobox', { name: 'Relationship to insured' })).toHaveText(
      'Child',
    );
    await runButton(page).click();
    const review = page.getByRole('article', { name: 'Review Report' });
    const subscriber = review.getByRole('region', { name: 'Subscriber' });
    await expect(subscriber).toContainText('PAT');
    await expect(subscriber).toContainText('05/05/1960');
    await expect(review.getByRole('region', { name: 'Dependent' })).toContainText('Child');
  });

  test('says when the history, a check or a history item cannot be loaded', async ({ page }) => {
    await signInAs(page, 'manager');
    const clientId = await newClient(page, `Elig${uniqueSuffix()}`);
    let failHistory = true;
    await page.route('**/api/patientInsurance/listEligibilityRequestHistory', async (route) => {
      if (failHistory) await route.fulfill({ status: 500, body: '' });
      else await route.fallback();
    });
    await page.goto(eligibilityUrl(clientId));
    const historyToast = toast(page, 'Unable to load eligibility check history.');
    await expect(historyToast).toBeVisible();
    failHistory = false;
    await historyToast.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No eligibility checks yet.')).toBeVisible();

    await page.route('**/api/patientInsurance/checkEligibility', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await choose(page, 'Payer', 'Aetna (60054)');
    await page.getByRole('textbox', { name: 'Insurance number' }).fill('W123456781');
    await runButton(page).click();
    await expect(toast(page, 'Unable to run eligibility check.')).toBeVisible();
    await page.unroute('**/api/patientInsurance/checkEligibility');

    await runButton(page).click();
    await expect(page.getByText('Coverage: Active')).toBeVisible();
    await page.route('**/api/patientInsurance/findEligibilityHistoryItem', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await history(page).getByRole('button').first().click();
    await expect(toast(page, 'Unable to load the selected eligibility report.')).toBeVisible();
  });
});
