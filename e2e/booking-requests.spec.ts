import { expect, test, type APIRequestContext } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { createClientByApi } from './support/client-api';
import { toast } from './support/client-profile';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Staff answer online booking requests (issue 6 item 4; issue 13: staff
 * say whether a visitor is a new or an existing client, and only then is
 * anyone linked), a signed-in client books from /selfSchedule, and the
 * settings page's online booking section.
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

/**
 * A date of birth and a phone of this run, so earlier runs' clients do not match by them. The
 * phone's area code (208) is one the demo's generated clients never have (they are 207-555-xxxx).
 */
function visitorFacts(): { dob: string; phone: string } {
  const n = Math.floor(Math.random() * 9000) + 1000;
  return {
    dob: `19${50 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`,
    phone: `208555${String(n).padStart(4, '0')}`,
  };
}

/** A visitor's request for the first open slot of Daniel's week starting `from`. */
async function requestAsVisitor(
  request: APIRequestContext,
  from: string,
  firstName: string,
  facts = visitorFacts(),
) {
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
      phone: facts.phone,
      dob: facts.dob,
      reasonForAppointment: 'Panic attacks on the commute.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('booking requests', () => {
  test('a scheduler says who each visitor is (a new client, an existing one) and declines another', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const errors = collectPageErrors(page);
    const from = addDays(nyDay(new Date()), 30);
    const newName = `Conny${uniqueSuffix()}`;
    const knownName = `Kira${uniqueSuffix()}`;
    const declineName = `Dex${uniqueSuffix()}`;
    await requestAsVisitor(page.request, from, newName);
    await requestAsVisitor(page.request, from, knownName);
    await requestAsVisitor(page.request, from, declineName);

    await signInAs(page, 'scheduler', { next: '/schedule/requests' });
    // Kira is already a client (of Theresa Quinn): the request only names her.
    await createClientByApi(page, {
      firstName: knownName,
      lastName: 'Requester',
      therapist: 'Theresa Quinn',
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Booking requests', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Booking requests' });
    const newRow = table.getByRole('row').filter({ hasText: newName });
    await expect(newRow).toBeVisible();
    await expect(newRow).toContainText(DANIEL);
    await expect(newRow).toContainText('Panic attacks on the commute.');
    await expect(newRow).toContainText('no matching client');
    await expectNoSeriousA11yViolations(page);

    // A new client: nothing matches, so the only choice is to create one.
    await newRow
      .getByRole('button', { name: `Confirm the request of ${newName} Requester` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirm this appointment?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No client you can see matches these details.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Create a new client' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Confirm appointment' }).click();
    await expect(toast(page, 'Appointment confirmed. The client was emailed.')).toBeVisible();
    await expect(newRow).toHaveCount(0);

    // An existing client: shown beside the request, chosen by staff.
    const knownRow = table.getByRole('row').filter({ hasText: knownName });
    await expect(knownRow).toContainText(/possible match/);
    await knownRow
      .getByRole('button', { name: `Confirm the request of ${knownName} Requester` })
      .click();
    await expect(dialog).toBeVisible();
    const sideBySide = dialog.getByRole('table', {
      name: 'The request beside the clients it may be',
    });
    await expect(
      sideBySide.getByRole('columnheader', { name: `Client ${knownName} Requester` }),
    ).toBeVisible();
    await expect(sideBySide.getByRole('row', { name: /^Name/ })).toContainText('(matches)');
    await expect(dialog.getByRole('button', { name: 'Confirm appointment' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('radio', { name: `This is ${knownName} Requester` }).check();
    await dialog.getByRole('button', { name: 'Confirm appointment' }).click();
    await expect(toast(page, 'Appointment confirmed. The client was emailed.')).toBeVisible();
    await expect(knownRow).toHaveCount(0);

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
    const confirmedNew = table.getByRole('row').filter({ hasText: newName });
    await expect(confirmedNew).toContainText('Sofia Alvarez');
    await expect(confirmedNew).toContainText('New client');
    await expect(table.getByRole('row').filter({ hasText: knownName })).toContainText(
      'Existing client',
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
