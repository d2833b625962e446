import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The document revocations report (issue 18 item 4): a release is given to a new client,
 * completed and signed with staff, then revoked with a reason; the owner finds it in the
 * Reporting menu, reads who revoked what, when and why, filters by who revoked, exports the
 * CSV. A therapist with reporting but not the practice's whole audit is turned away.
 */

const URL = '/n/reporting/audit/documentRevocations';
const REASON = 'Changed providers';

async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/user/csrf');
  const { token, headerName } = (await response.json()) as { token: string; headerName: string };
  return { [headerName]: token };
}

/** Gives the release, completes and signs it with the client in session, and revokes it. */
async function revokedRelease(page: Page, clientId: number, clientName: string): Promise<void> {
  const { request } = page;
  const headers = await csrf(request);
  const forms = (await (await request.get('/api/form/definition')).json()) as {
    data: { id: number; libraryKey: string | null }[];
  };
  const release = forms.data.find((d) => d.libraryKey === 'release-of-information');
  expect(release, 'the demo practice has the release form').toBeDefined();
  const given = await request.post('/api/form/assignment', {
    data: { patientId: clientId, formDefinitionIds: [release?.id] },
    headers,
  });
  expect(given.status(), await given.text()).toBe(201);
  const id = ((await given.json()) as { data: { id: number }[] }).data[0]?.id ?? 0;
  const steps: [string, unknown][] = [
    [
      'submit',
      {
        answers: {
          recipient: 'Dr. Alan Grant',
          recipientContact: '(207) 555-0100',
          scope: ['attendance'],
          purpose: 'Coordination of care',
          expires: '2027-06-30',
        },
      },
    ],
    ['sign', { typedName: clientName, signedOn: '2026-05-04' }],
    ['revoke', { reason: REASON }],
  ];
  for (const [step, data] of steps) {
    const response = await request.post(`/api/form/response/${String(id)}/${step}`, {
      data,
      headers,
    });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
  }
}

test('the owner reads, filters and exports document revocations', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'owner');
  const lastName = `Revoker${String(Date.now())}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Rita',
    lastName,
    therapist: 'Theresa Quinn',
  });
  await revokedRelease(page, clientId, `Rita ${lastName}`);

  await page.goto(URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Document revocations' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Document revocations' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Document revocations' });
  const row = table.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('Release of information');
  await expect(row).toContainText(REASON);
  await expect(row).toContainText('Staff');
  await expect(row).toContainText('Olivia Owens');
  await expect(row.getByRole('link', { name: `Rita ${lastName}` })).toHaveAttribute(
    'href',
    `/n/client/${String(clientId)}`,
  );
  await expectNoSeriousA11yViolations(page);

  // Only revocations by clients: this one (by staff) is not among them.
  await page.getByRole('combobox', { name: 'Revoked by' }).click();
  await page.getByRole('option', { name: 'The client' }).click();
  await expect(table.getByRole('row', { name: new RegExp(lastName) })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Revoked by' }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await expect(row).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('document-revocations.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Revoked at (UTC),Client,Form,Signed at (UTC),Revoked by,Who,Reason,Address',
  );
  expect(csv).toContain(`Rita ${lastName},Release of information`);
  await expect(page.getByText('Download complete.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a therapist with reporting does not get the practice-wide report', async ({ page }) => {
  await signInAs(page, 'therapist1');
  await page.goto(URL);
  await expect(page).toHaveURL(/\/n\/accessdenied$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Document revocations' })).toHaveCount(0);
});
