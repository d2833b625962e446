import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { expectNoSeriousA11yViolations } from './support/axe';
import { signInAs } from './support/sign-in';
import { expect, test, type APIRequestContext } from './support/test';

/**
 * PDF forms (issue 18 item 3): a manager uploads a fillable PDF; Chris Client (client1) fills
 * its fields and signs on a phone, reaching it by the spec's `/pdf/patient/edit/{id}` address;
 * the completed PDF the practice keeps holds the answers and the signature (pdftotext).
 */

test.describe.configure({ timeout: 180_000 });

const PDF = fileURLToPath(new URL('./fixtures/release-form.pdf', import.meta.url));

async function clientId(request: APIRequestContext) {
  const response = await request.get('/api/patient/findPatients', { params: { search: 'Client' } });
  const rows = (
    (await response.json()) as {
      data: { user_id: number; patient_first_name: string; patient_last_name: string }[];
    }
  ).data;
  return rows.find((r) => r.patient_first_name === 'Chris' && r.patient_last_name === 'Client')
    ?.user_id;
}

test('a manager uploads a PDF form; client1 fills and signs it; the completed PDF holds the answers', async ({
  page,
  browser,
}) => {
  const title = `Release ${String(Date.now())}`;
  await signInAs(page, 'manager', { next: '/form/definition' });
  const upload = page.getByRole('form', { name: 'Upload a PDF form' });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText('Give the form a name.')).toBeVisible();
  await upload.getByRole('textbox', { name: 'Form name' }).fill(title);
  await upload.getByLabel('PDF file').setInputFiles(PDF);
  await expectNoSeriousA11yViolations(page);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/n\/form\/definition\/\d+$/);
  await expect(page.getByText(/Version 1|version 1/).first()).toBeVisible();

  const chris = await clientId(page.request);
  expect(chris, 'Chris Client found').toBeDefined();
  await page.goto(`/n/client/forms?patientId=${String(chris)}`);
  await page.getByRole('button', { name: 'Assign forms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign forms' });
  await dialog.getByRole('checkbox', { name: new RegExp(title) }).check();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('Assigned')).toBeVisible();
  const href = await row.getByRole('link', { name: title }).getAttribute('href');
  const assignment = /\/(\d+)$/.exec(href ?? '')?.[1];
  expect(assignment, 'assignment id in the link').toBeDefined();

  // client1 on a phone, at the spec's PDF address.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    baseURL: new URL(page.url()).origin,
    acceptDownloads: true,
  });
  const client = await phone.newPage();
  await signInAs(client, 'client1', { next: `/pdf/patient/edit/${String(assignment)}` });
  await expect(client.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(client.getByRole('link', { name: 'Download the PDF form' })).toBeVisible();
  await expectNoSeriousA11yViolations(client);
  await client.getByRole('textbox', { name: 'Full name' }).fill('Chris Client');
  await client.getByRole('radio', { name: 'Yes' }).check();
  await client.getByRole('radio', { name: 'Email' }).check();
  await expect(client.getByText('All answers saved.')).toBeVisible();
  await client.getByRole('button', { name: 'Submit' }).click();
  await client.getByLabel('Full name').last().fill('Chris Client');
  await client.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(client.getByText(/Signed “Chris Client”/)).toBeVisible();
  const [download] = await Promise.all([
    client.waitForEvent('download'),
    client.getByRole('link', { name: 'Download the completed PDF' }).click(),
  ]);
  const text = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Chris Client');
  expect(text).toContain('Email');
  expect(text).toMatch(/Signed electronically by "Chris Client" on \d{4}-\d{2}-\d{2}/);
  await phone.close();

  // Staff see the same completed copy offered on the response.
  await page.goto(`/n/form/response/${String(assignment)}`);
  await expect(page.getByRole('link', { name: 'Download the completed PDF' })).toBeVisible();
});
