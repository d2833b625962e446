import { expect, test, type APIRequestContext } from '@playwright/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Staff answer online booking requests (issue 6 item 4), a signed-in client
 * books from /selfSchedule, and the settings page's online booking section.
 * Requests are with therapist2 (Daniel Okafor), four to six weeks ahead;
 * each visitor has a unique name.
 */

const ZONE = 'America/New_York';
const DANIEL = 'Daniel Okafor, LCSW';

function nyDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Slot {
  start: string;
  end: string;
}

/** A visitor's request for the first open slot of Daniel's week starting `from`; answers the name. */
async function requestAsVisitor(request: APIRequestContext, from: string, firstName: string) {
  const search = await request.get('/api/public/findYourTherapist/search', {
    params: { text: 'Okafor' },
  });
  const therapistId = ((await search.json()) as { data: { therapistId: number }[] }).data[0]
    ?.therapistId;
  const slots = await request.get('/api/public/findYourTherapist/slots', {
    params: { therapistId: therapistId ?? 0, start: from, end: addDays(from, 7) },
  });
  const slot = ((await slots.json()) as { data: Slot[] }).data[0];
  expect(slot, 'an open slot').toBeDefined();
  const csrf = (await (await request.get('/api/user/csrf')).json()) as {
    token: string;
    headerName: string;
  };
  const response = await request.post('/api/public/selfSchedule/book', {
    headers: { [csrf.headerName]: csrf.token },
    data: {
      therapistId,
      start: slot?.start,
      end: slot?.end,
      mode: 'inPerson',
      idempotencyKey: `e2e-${uniqueSuffix()}`,
      firstName,
      lastName: 'Requester',
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '2075550177',
      dob: '1979-11-02',
      reasonForAppointment: 'Panic attacks on the commute.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('booking requests', () => {
  test('a scheduler confirms one pending request and declines another', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const from = addDays(nyDay(new Date()), 30);
    const confirmName = `Conny${uniqueSuffix()}`;
    const declineName = `Dex${uniqueSuffix()}`;
    await requestAsVisitor(page.request, from, confirmName);
    await requestAsVisitor(page.request, from, declineName);

    await signInAs(page, 'scheduler', { next: '/schedule/requests' });
    await expect(page.getByRole('heading', { name: 'Booking requests', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Booking requests' });
    const confirmRow = table.getByRole('row').filter({ hasText: confirmName });
    await expect(confirmRow).toBeVisible();
    await expect(confirmRow).toContainText(DANIEL);
    await expect(confirmRow).toContainText('Panic attacks on the commute.');
    await expectNoSeriousA11yViolations(page);

    await confirmRow
      .getByRole('button', { name: `Confirm the request of ${confirmName} Requester` })
      .click();
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm this appointment?' });
    await expect(confirmDialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirmDialog.getByRole('button', { name: 'Confirm appointment' }).click();
    await expect(page.getByText('Appointment confirmed. The client was emailed.')).toBeVisible();
    await expect(confirmRow).toHaveCount(0);

    const declineRow = table.getByRole('row').filter({ hasText: declineName });
    await declineRow
      .getByRole('button', { name: `Decline the request of ${declineName} Requester` })
      .click();
    const declineDialog = page.getByRole('dialog', { name: 'Decline this request?' });
    await declineDialog
      .getByRole('textbox', { name: 'Message to the client (optional)' })
      .fill('We have no openings then; please call us.');
    await expectNoSeriousA11yViolations(page);
    await declineDialog.getByRole('button', { name: 'Decline request' }).click();
    await expect(page.getByText('Request declined. The client was emailed.')).toBeVisible();
    await expect(declineRow).toHaveCount(0);

    await page.getByRole('button', { name: 'Confirmed', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: confirmName })).toContainText(
      'Sofia Alvarez',
    );
    await page.getByRole('button', { name: 'Declined', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: declineName })).toContainText(
      'We have no openings then; please call us.',
    );
    expect(errors).toEqual([]);
  });

  test('a signed-in client books with a therapist of their practice', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const from = addDays(nyDay(new Date()), 37);
    await signInAs(page, 'client1', { next: `/selfSchedule?from=${from}` });
    await expect(
      page.getByRole('heading', { name: 'Schedule an appointment', level: 1 }),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Therapist' }).click();
    await page.getByRole('option', { name: DANIEL }).click();
    const group = page
      .getByRole('group', { name: new RegExp(`^Open times with ${DANIEL}`) })
      .first();
    await expect(group).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await group.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Book this appointment' });
    await dialog
      .getByRole('textbox', { name: 'Reason for appointment (optional)' })
      .fill('A follow-up about sleep.');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await expect(
      page.getByText('Your request has been sent. The practice will confirm it by email.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('the settings page shows the online booking section', async ({ page }) => {
    await signInAs(page, 'owner', { next: '/settings' });
    await expect(page.getByRole('heading', { name: 'Online booking' })).toBeVisible();
    await expect(
      page.getByRole('radio', { name: 'Hold the time and let staff confirm or decline it' }),
    ).toBeChecked();
    await expect(page.getByLabel('List our therapists in the public directory')).toBeChecked();
    // Its own save button, apart from the practice settings' Save, and idle until something changes.
    await expect(page.getByRole('button', { name: 'Save online booking' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });
});
