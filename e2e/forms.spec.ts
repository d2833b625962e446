import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/**
 * Forms and measures on the web (issue 18 items 1, 2, 6 and 8): a manager builds a small form
 * with a condition, publishes it and gives it to Chris Client (client1); client1 fills it in
 * and signs it in the portal on a phone-sized screen; staff read the response. The Measures
 * page of therapist1's improving client charts its PHQ-9 scores. Every new page passes axe.
 */

test.describe.configure({ timeout: 240_000 });

const NARROW = { width: 375, height: 812 };

async function clientId(request: APIRequestContext, firstName: string, lastName: string) {
  const response = await request.get('/api/patient/findPatients', { params: { search: lastName } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as {
    data: { user_id: number; patient_first_name: string; patient_last_name: string }[];
  };
  const row = body.data.find(
    (r) => r.patient_first_name === firstName && r.patient_last_name === lastName,
  );
  expect(row, `${firstName} ${lastName} found`).toBeDefined();
  return row?.user_id ?? 0;
}

async function axe(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
}

test('a manager builds and publishes a form, client1 completes and signs it on a phone, staff read it', async ({
  page,
  browser,
}) => {
  const title = `Check-in ${String(Date.now())}`;
  await signInAs(page, 'manager', { next: '/form/definition' });
  await axe(page);
  for (const list of ['practiceList', 'unsupported']) {
    await page.goto(`/n/form/definition/${list}`);
    await axe(page);
  }
  await page.goto('/n/guide');
  await axe(page);
  await page.goto('/n/guide/list');
  await expect(page.getByRole('link', { name: 'Preview PHQ-9' })).toBeVisible();
  await axe(page);
  await page.getByRole('link', { name: 'Preview PHQ-9' }).click();
  await expect(page.getByRole('radiogroup').first()).toBeVisible();
  await axe(page);

  // Build: a yes/no question, a required follow-up shown only for 'Yes', and a signature.
  await page.goto('/n/form/definition/new');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByLabel('Ends with a typed-name signature').check();
  await page.getByRole('button', { name: 'Add an item' }).click();
  const first = page.getByRole('group', { name: /^Item 0:/ });
  await first.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Yes / no' }).click();
  await first.getByRole('textbox', { name: 'Question', exact: true }).fill('Did you sleep well?');
  await first.getByRole('textbox', { name: 'Id', exact: true }).fill('sleep');
  await page.getByRole('button', { name: 'Add an item' }).click();
  const second = page.getByRole('group', { name: /^Item 1:/ });
  await second.getByRole('textbox', { name: 'Question', exact: true }).fill('What kept you awake?');
  await second.getByRole('checkbox', { name: 'Required' }).check();
  await second.getByRole('button', { name: 'Add a condition' }).click();
  await second.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'No' }).click();
  // The preview follows the condition live.
  const preview = page.getByRole('region', { name: /^Preview/ });
  await expect(preview.getByText('What kept you awake?')).toBeHidden();
  await preview.getByRole('radio', { name: 'No' }).check();
  await expect(preview.getByRole('textbox', { name: /What kept you awake/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/n\/form\/definition\/\d+$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Published as version 1/)).toBeVisible();
  await axe(page);

  // Give it to client1.
  const chris = await clientId(page.request, 'Chris', 'Client');
  await page.goto(`/n/client/forms?patientId=${String(chris)}`);
  await page.getByRole('button', { name: 'Assign forms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign forms' });
  // The practice's published forms load first (the library's PHQ-9 is always among them), so a
  // failure says whether the list never came or came without the new form.
  await expect(dialog.getByRole('checkbox', { name: /PHQ-9/ }).first()).toBeVisible();
  await dialog.getByRole('checkbox', { name: new RegExp(title) }).check({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('Assigned')).toBeVisible();
  await axe(page);

  // client1, on a phone: fill in, submit (the required follow-up is refused until answered), sign.
  const phone = await browser.newContext({ viewport: NARROW, baseURL: new URL(page.url()).origin });
  const client = await phone.newPage();
  await signInAs(client, 'client1', { next: '/form/patient/edit' });
  await axe(client);
  await client.getByRole('link', { name: title }).click();
  await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await client.getByRole('radio', { name: 'No' }).check();
  await client.getByRole('button', { name: 'Submit' }).click();
  await expect(client.getByText('This question needs an answer.')).toBeVisible();
  await client.getByRole('textbox', { name: /What kept you awake/ }).fill('Noise from the street');
  await expect(client.getByText('All answers saved.')).toBeVisible();
  await axe(client);
  await client.getByRole('button', { name: 'Submit' }).click();
  await client.getByLabel('Full name').fill('Chris Client');
  await client.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(client.getByText(/Signed “Chris Client”/)).toBeVisible();
  await axe(client);
  await phone.close();

  // Staff read the signed response.
  await page.reload();
  await expect(row.getByText('Signed')).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByText('Noise from the street')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke' })).toBeVisible();
  await axe(page);
});

test('the Measures page charts an improving client’s PHQ-9 scores', async ({ page }) => {
  await signInAs(page, 'therapist1');
  // The seed gives the history to the first of therapist1's clients (by id) without a portal.
  const search = await page.request.get('/api/patient/findPatients', { params: { limit: 500 } });
  expect(search.ok(), await search.text()).toBe(true);
  const ids = ((await search.json()) as { data: { user_id: number }[] }).data
    .map((r) => r.user_id)
    .sort((a, b) => a - b);
  let improving = 0;
  for (const id of ids.slice(0, 100)) {
    const history = await page.request.get(`/api/measures/clients/${String(id)}/history`);
    if (!history.ok()) continue;
    const body = (await history.json()) as { data: { measure: string; points: unknown[] }[] };
    if ((body.data.find((m) => m.measure === 'phq9')?.points.length ?? 0) >= 3) {
      improving = id;
      break;
    }
  }
  expect(improving, 'a client of therapist1 with a PHQ-9 history').toBeGreaterThan(0);
  await page.goto(`/n/client/${String(improving)}/measures`);
  const table = page.getByRole('table', { name: /PHQ-9 scores/ });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByText('Remission (< 5)').first()).toBeVisible();
  await axe(page);
});
