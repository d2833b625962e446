import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { clientUrl, demoTherapists, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

const pageUrl = {
  retention: '/client/retention',
  intake: '/client/intake',
  merge: (id: number) => `/client/merge/${id}`,
} as const;

/** The id of a demo therapist by name, read with the page's session. */
async function therapistId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/api/practice/listTherapists');
  expect(response.ok()).toBe(true);
  const rows = (
    (await response.json()) as {
      data: { id: number; practitionerFirstName: string; practitionerLastName: string }[];
    }
  ).data;
  const found = rows.find((r) => `${r.practitionerFirstName} ${r.practitionerLastName}` === name);
  expect(found, `therapist ${name}`).toBeDefined();
  return found?.id ?? 0;
}

/** Adds a client through the API with the page's session and CSRF token; returns its id. */
async function createClient(
  page: Page,
  client: { firstName: string; lastName: string; therapist: string },
): Promise<number> {
  const csrf = await page.request.get('/api/user/csrf');
  expect(csrf.ok()).toBe(true);
  const { token, headerName } = (await csrf.json()) as { token: string; headerName: string };
  const response = await page.request.post('/api/patient/addNewPatientForTherapists', {
    data: {
      firstName: client.firstName,
      lastName: client.lastName,
      therapistIds: [await therapistId(page.request, client.therapist)],
    },
    headers: { [headerName]: token },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { patientId: number }).patientId;
}

/** MM/DD/YYYY of an ISO date. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test.describe('retention, intake and merging duplicates', () => {
  test('a manager snoozes a client on the retention list and it disappears', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const lastName = `Snooze${uniqueSuffix()}`;
    await createClient(page, { firstName: 'Rita', lastName, therapist: demoTherapists.therapist1 });
    const name = `Rita ${lastName}`;

    await page.goto(`/n${pageUrl.retention}`);
    await expect(page.getByRole('heading', { name: 'Retention', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Clients with no upcoming appointment' });
    // Newest first: the client just added heads the list, never seen yet.
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText(demoTherapists.therapist1);
    await expect(row).toContainText('None');
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: `Snooze ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Snooze ${name}` });
    const until = dialog.getByLabel('Snooze until');
    await expect(until).not.toHaveValue('');
    const chosen = await until.inputValue();
    await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(page.getByText(`Client snoozed until ${usDate(chosen)}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('link', { name })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the intake page lists new clients with appointments, and a new client without one below', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const lastName = `Intake${uniqueSuffix()}`;
    await createClient(page, { firstName: 'Ivy', lastName, therapist: demoTherapists.therapist2 });

    await page.goto(`/n${pageUrl.intake}`);
    await expect(page.getByRole('heading', { name: 'Intake', level: 1 })).toBeVisible();
    // The demo calendar books some recently added clients, so the first list has rows.
    const withAppointments = page.getByRole('table', {
      name: 'New clients with upcoming appointments',
    });
    await expect(withAppointments.getByRole('row')).not.toHaveCount(1);
    const newClients = page.getByRole('table', { name: 'New clients without appointments' });
    const row = newClients
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Ivy ${lastName}` }) });
    await expect(row).toContainText(demoTherapists.therapist2);
    await expect(newClients.getByRole('row')).not.toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('a manager merges a fresh duplicate into Jordan Avery by typing MERGE', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'manager');
    const search = await page.request.get('/api/patient/findPatients', {
      params: { search: 'jordan avery', context: 'all', limit: 21 },
    });
    const jordan = (
      (await search.json()) as {
        data: { user_id: number; dateOfBirth: string | null; accountNumber: string }[];
      }
    ).data.find((r) => r.dateOfBirth === '1990-04-12');
    expect(jordan, 'the demo Jordan Avery').toBeDefined();
    const duplicateId = await createClient(page, {
      firstName: 'Jordan',
      lastName: 'Avery',
      therapist: demoTherapists.therapist3,
    });

    await page.goto(`/n${pageUrl.merge(duplicateId)}`);
    await expect(
      page.getByRole('heading', { name: 'Merge duplicate client', level: 1 }),
    ).toBeVisible();
    const duplicate = page.getByRole('region', { name: 'Duplicate (will be removed)' });
    await expect(duplicate).toContainText('Jordan Avery');

    const keep = page.getByRole('combobox', { name: 'Client to keep' });
    await keep.fill('Jordan Avery');
    await page
      .getByRole('option')
      .filter({ hasText: jordan?.accountNumber ?? '?' })
      .click();
    const kept = page.getByRole('region', { name: 'Record to keep' });
    await expect(kept).toContainText(jordan?.accountNumber ?? '?');
    await expect(kept).toContainText('04/12/1990');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Merge into the record to keep' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge these clients?' });
    const confirm = dialog.getByRole('button', { name: 'Merge', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type MERGE to confirm').fill('MERGE');
    await confirm.click();

    await expect(page).toHaveURL(clientUrl.profile);
    expect(new URL(page.url()).pathname).toBe(`/n/client/${jordan?.user_id ?? 0}`);
    await expect(page.getByText('Clients merged.')).toBeVisible();
    // The duplicate no longer turns up in search.
    const after = await page.request.get('/api/patient/findPatients', {
      params: { search: 'jordan avery', context: 'all', limit: 21 },
    });
    const ids = ((await after.json()) as { data: { user_id: number }[] }).data.map(
      (r) => r.user_id,
    );
    expect(ids).not.toContain(duplicateId);
    expect(errors).toEqual([]);
  });
});
