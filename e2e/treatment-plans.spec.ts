import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/demo';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Treatment plans on the web (issue 18 items 5 and 8): a therapist starts a plan, fills it
 * and signs it after her password; she revises the plan Chris Client (client1) has waiting,
 * signs the new version, and client1 signs it in the portal with their typed name; the
 * templates pages. Every new page passes axe at desktop width and at 375 px.
 */

test.describe.configure({ timeout: 180_000 });

const NARROW = { width: 375, height: 812 };
const CHRIS = { firstName: 'Chris', lastName: 'Client' } as const;
const MARGARET = { firstName: 'Margaret', lastName: 'Hamilton' } as const;

/** A demo client's id from the therapist's own client search (the context the server offers her). */
async function clientIdOf(
  request: APIRequestContext,
  name: { firstName: string; lastName: string },
): Promise<number> {
  const response = await request.get('/api/patient/findPatients', {
    params: { search: name.lastName },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    data: { user_id: number; patient_first_name: string; patient_last_name: string }[];
  };
  const row = body.data.find(
    (r) => r.patient_first_name === name.firstName && r.patient_last_name === name.lastName,
  );
  expect(row, `${name.firstName} ${name.lastName} in the search results`).toBeDefined();
  return row?.user_id ?? 0;
}

async function axeAtBothWidths(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  const wide = page.viewportSize();
  await page.setViewportSize(NARROW);
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
  if (wide) await page.setViewportSize(wide);
}

/** Answers 'Sign this treatment plan?' and, when asked, the Verify Password dialog. */
async function confirmSigning(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog', { name: 'Sign this treatment plan?' });
  await confirm.getByRole('button', { name: 'Sign', exact: true }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Password' });
  await verify.getByLabel('Password').fill(DEMO_PASSWORD);
  await verify.getByRole('button', { name: 'Submit' }).click();
  await expect(verify).toBeHidden();
}

const status = (page: Page) => page.getByTestId('plan-status');

test('a therapist starts a plan from the client profile, fills it and signs it with her password', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'therapist1');
  const clientId = await clientIdOf(page.request, MARGARET);
  await page.goto(`/n/client/${clientId}`);
  await page.getByRole('link', { name: 'Treatment plans' }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/${clientId}/records/treatmentPlans$`));
  await expect(page.getByRole('heading', { name: 'Treatment plans', level: 1 })).toBeVisible();
  await axeAtBothWidths(page);

  await page.getByRole('button', { name: 'Start a treatment plan' }).click();
  await expect(status(page)).toHaveText('Status: Draft');
  await page
    .getByRole('combobox', { name: 'Add a diagnosis (ICD-10)' })
    .fill('generalized anxiety');
  await page.getByRole('option', { name: /F41\.1 Generalized anxiety disorder/ }).click();
  await expect(page.getByRole('list', { name: 'Diagnoses' })).toContainText('F41.1');

  // Signing with a section missing names it, and signs nothing.
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await confirmSigning(page);
  await expect(page.getByText('Presenting problem is required before signing.')).toBeVisible();
  await expect(status(page)).toHaveText('Status: Draft');

  const text = (name: string) => page.getByRole('textbox', { name, exact: true });
  await text('Presenting problem').fill('Worries most days; poor sleep.');
  await page.getByRole('button', { name: 'Add a goal' }).click();
  await text('Goal 1').fill('Reduce anxiety to a mild level');
  await text('Objective 1.1').fill('GAD-7 below 10 twice in a row');
  await page.getByLabel('Objective 1.1 target date').fill('2027-06-30');
  await text('Interventions').fill('CBT; relaxation training.');
  await text('Frequency').fill('Weekly 53-minute sessions');
  await text('Discharge criteria').fill('Goals met for four weeks.');
  await axeAtBothWidths(page);

  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Sign this treatment plan?' })
    .getByRole('button', { name: 'Sign', exact: true })
    .click();
  await expect(status(page)).toHaveText('Status: Awaiting client signature');
  await expect(page.getByRole('list', { name: 'Signatures' })).toContainText(
    'Therapist: Theresa Quinn',
  );
  await expect(page.getByText('Reduce anxiety to a mild level — In progress')).toBeVisible();
  await page.getByRole('combobox', { name: /Progress of/ }).click();
  await page.getByRole('option', { name: 'Improving' }).click();
  await expect(page.getByText('Reduce anxiety to a mild level — Improving')).toBeVisible();
  await axeAtBothWidths(page);

  // The same page embedded, without navigation around it.
  await page.goto(`/n/iframe/client/${clientId}/records/treatmentPlans`);
  await expect(status(page)).toHaveText('Status: Awaiting client signature');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await axeAtBothWidths(page);
  expect(errors).toEqual([]);
});

test('the therapist revises Chris Client’s plan as a new version, and client1 signs it in the portal', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'therapist1');
  const clientId = await clientIdOf(page.request, CHRIS);
  await page.goto(`/n/client/${clientId}/records/treatmentPlans`);
  await expect(status(page)).toHaveText('Status: Awaiting client signature');
  await page.getByRole('button', { name: 'Revise as a new version' }).click();
  await expect(status(page)).toHaveText('Status: Draft');
  // The draft opens in place: a move to another address would remount the editor and could
  // drop what is typed next (the portal once showed the revision without its new frequency).
  await expect(page).toHaveURL(new RegExp(`/n/client/${clientId}/records/treatmentPlans$`));
  await page.getByRole('textbox', { name: 'Frequency', exact: true }).fill('Every other week');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await confirmSigning(page);
  await expect(status(page)).toHaveText('Status: Awaiting client signature');
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions).toContainText('Version 2');
  await expect(versions.getByRole('link', { name: /Version 1/ })).toBeVisible();

  const context = await browser.newContext();
  const portal = await context.newPage();
  await signInAs(portal, 'client1');
  await portal.getByRole('link', { name: 'My treatment plans' }).first().click();
  await expect(portal.getByRole('heading', { name: 'My treatment plans', level: 1 })).toBeVisible();
  const plan = portal.getByRole('article', { name: 'Treatment plan with Theresa Quinn' });
  await expect(plan).toContainText('Every other week');
  await axeAtBothWidths(portal);
  await portal.setViewportSize(NARROW);
  // The phone keyboard's Go submits too.
  const name = plan.getByRole('textbox', { name: 'Your full name' });
  await name.fill('Someone Else');
  await name.press('Enter');
  await expect(
    plan.getByText('Type your full name as it appears on your record to sign.'),
  ).toBeVisible();
  await name.fill('Chris Client');
  await plan.getByRole('button', { name: 'Sign my treatment plan' }).click();
  await expect(plan).toContainText('Status: Signed');
  await expect(plan.getByRole('list', { name: 'Signatures' })).toContainText(
    'Client: Chris Client (typed “Chris Client”)',
  );
  await expectNoSeriousA11yViolations(portal);
  await context.close();

  await page.reload();
  await expect(status(page)).toHaveText('Status: Signed');
});

test('the practice’s templates: the list, the shipped one read-only, a new one, the unsupported list', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await page.goto('/n/treatmentPlan/definition/practiceList');
  await expect(
    page.getByRole('heading', { name: 'Treatment plan templates', level: 1 }),
  ).toBeVisible();
  await axeAtBothWidths(page);
  await page.getByRole('link', { name: 'Standard treatment plan' }).click();
  await expect(
    page.getByText('The shipped template cannot be changed. Saving makes a copy.'),
  ).toBeVisible();
  await axeAtBothWidths(page);
  await page.getByRole('textbox', { name: 'Template name' }).fill('Brief plan');
  await page
    .getByRole('group', { name: 'Strengths' })
    .getByRole('checkbox', { name: 'Included' })
    .uncheck();
  await page.getByRole('button', { name: 'Save as a new template' }).click();
  await expect(page.getByRole('heading', { name: 'Brief plan', level: 1 })).toBeVisible();
  await page.goto('/n/treatmentPlan/definition/unsupported');
  await expect(page.getByText('Every template can be shown.')).toBeVisible();
  await axeAtBothWidths(page);
});
