import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from './support/bare-server';

import { nyInstant } from './support/calendar-booking';
import { clientIdFromUrl, clientUrl } from './support/clients';
import {
  activationLinkTo,
  CLIENT,
  getData,
  INTAKE,
  LOCATION,
  OWNER,
  SERVICES,
  storedMember,
  SUPERVISOR,
  THERAPIST,
  THERAPIST_PASSWORD,
  toast,
  tuesdayAhead,
  usDate,
  type NewService,
} from './support/first-day';
import { collectPageErrors } from './support/page-errors';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 16 item 10: a practice's first day, outside demo mode. Its own server starts on an
 * empty database (support/bare-server.ts) whose owner was made with `npm run create-owner`;
 * then, each step through the pages as people do it, the owner signs in, adds a location and
 * two services with fees, invites a supervising therapist and a new therapist (who activates
 * from the emailed link and signs in), makes the first the second's supervisor, and the new
 * therapist adds a client and books their first appointment. Each step is checked on the page
 * and in what the API stores.
 */

test.use({ bareOwner: OWNER });

const THERAPIST_NAME = `${THERAPIST.firstName} ${THERAPIST.lastName}`;
const CLIENT_NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;
// One long flow, two people, a server of its own; CI's loaded machine takes several times longer.
test.describe.configure({ timeout: 240_000 });

async function ownerSignsIn(page: Page): Promise<void> {
  await page.goto('/n/public/login');
  await submitSignIn(page, OWNER.username, OWNER.password);
  // The home page greets people by their professional name, which create-owner makes.
  await expect(
    page.getByRole('heading', { name: `Hi, ${OWNER.firstName} ${OWNER.lastName}!` }),
  ).toBeVisible();
}

/** From Settings to a set-up page by its button, as the owner finds it. */
async function openFromSettings(page: Page, button: string, heading: string): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('link', { name: button }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function addLocation(page: Page): Promise<void> {
  await openFromSettings(page, 'Locations', 'Locations');
  // create-owner made the main office; the practice adds its second place.
  await expect(page.getByRole('row', { name: /Main Office/ })).toContainText('(default)');
  await page.getByRole('button', { name: 'Add location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(LOCATION.name);
  await dialog.getByRole('textbox', { name: 'Address' }).fill(LOCATION.address);
  await dialog.getByRole('textbox', { name: 'City' }).fill(LOCATION.city);
  await dialog.getByRole('textbox', { name: 'State' }).fill(LOCATION.state);
  await dialog.getByRole('textbox', { name: 'ZIP code' }).fill(LOCATION.zipcode);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Location added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(LOCATION.name) });
  await expect(row).toContainText('12 Harbor Street, Portland, ME, 04101');
  await expect(row).toContainText('Open');

  const stored = await getData<Record<string, unknown>[]>(page.request, '/api/practice/locations');
  expect(stored.map((l) => l.name).sort()).toEqual([LOCATION.name, 'Main Office']);
  expect(stored.find((l) => l.name === LOCATION.name)).toMatchObject({
    addressLine1: LOCATION.address,
    city: LOCATION.city,
    state: LOCATION.state,
    zipcode: LOCATION.zipcode,
    placeOfServiceCode: '11',
    active: true,
    isDefault: false,
  });
}

async function addService(page: Page, service: NewService): Promise<void> {
  await page.getByRole('button', { name: 'Add service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await dialog.getByRole('textbox', { name: /^CPT code/ }).fill(service.cptCode);
  await dialog.getByRole('textbox', { name: /^Description/ }).fill(service.description);
  await dialog.getByRole('textbox', { name: /^Length \(minutes\)/ }).fill(service.minutes);
  await dialog.getByRole('textbox', { name: /^Default fee/ }).fill(service.fee);
  if (service.isDefault) await dialog.getByRole('checkbox', { name: /default service/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Service added.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addServices(page: Page): Promise<void> {
  await openFromSettings(page, 'Services and fees', 'Services and fees');
  // A new practice bills nothing yet: the page says so.
  await expect(
    page.getByText('No services yet. Add the CPT codes the practice bills.'),
  ).toBeVisible();
  for (const service of SERVICES) await addService(page, service);
  const table = page.getByRole('table', { name: 'Services' });
  for (const service of SERVICES) {
    const row = table.getByRole('row', { name: new RegExp(service.cptCode) });
    await expect(row).toContainText(`${service.minutes} minutes`);
    await expect(row).toContainText(`$${(service.feeCents / 100).toFixed(2)}`);
    await expect(row).toContainText(service.isDefault ? 'Individual, default' : 'Individual');
  }

  const stored = await getData<Record<string, unknown>[]>(page.request, '/api/practice/services');
  expect(stored).toHaveLength(SERVICES.length);
  for (const service of SERVICES)
    expect(stored.find((s) => s.cptCode === service.cptCode)).toMatchObject({
      description: service.description,
      durationMinutes: Number(service.minutes),
      feeCents: service.feeCents,
      isDefault: service.isDefault,
      active: true,
    });
}

async function invite(page: Page, person: typeof THERAPIST): Promise<void> {
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByRole('checkbox', { name: /^Therapist [A-Z]/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(person.lastName) });
  await expect(row.getByText('Invitation sent')).toBeVisible();
}

async function inviteTherapists(page: Page): Promise<void> {
  await openFromSettings(page, 'Staff and roles', 'Staff');
  // Only the owner so far.
  await expect(page.getByRole('table', { name: 'Staff' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Hart, Olivia/ })).toContainText('Owner');
  await invite(page, SUPERVISOR);
  await invite(page, THERAPIST);
  const stored = await storedMember(page.request, THERAPIST.lastName);
  expect(stored).toMatchObject({
    username: THERAPIST.email,
    accountStatus: 'ACTIVATION_LINK_SENT',
    authorities: ['customer.therapist'],
  });
  expect(stored.therapist).not.toBeNull();
}

/** The therapist opens the emailed link in a browser of their own, sets a password, signs in. */
async function therapistActivates(therapist: Page, link: string): Promise<void> {
  await therapist.goto(link);
  await expect(therapist.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(therapist.getByLabel('Username')).toHaveValue(THERAPIST.email);
  await therapist.getByLabel(/^New password/).fill(THERAPIST_PASSWORD);
  await therapist.getByLabel(/^Confirm new password/).fill(THERAPIST_PASSWORD);
  await therapist.getByRole('button', { name: 'Set password' }).click();
  await expect(therapist.getByText('Your password is set. Sign in to continue.')).toBeVisible();
  await submitSignIn(therapist, THERAPIST.email, THERAPIST_PASSWORD);
  await expect(therapist.getByRole('heading', { name: `Hi, ${THERAPIST_NAME}!` })).toBeVisible();
}

/** The owner sees the therapist active and makes the other therapist their supervisor. */
async function setSupervisor(page: Page): Promise<void> {
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(THERAPIST.lastName) });
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: `${THERAPIST.lastName}, ${THERAPIST.firstName}` }).click();
  const member = page.getByRole('dialog');
  await expect(member).toContainText(`${THERAPIST.firstName} ${THERAPIST.lastName}`);
  await member.getByRole('combobox', { name: 'Supervisors' }).click();
  await page
    .getByRole('option', { name: `${SUPERVISOR.firstName} ${SUPERVISOR.lastName}` })
    .click();
  await member.getByRole('button', { name: 'Save therapist details' }).click();
  // By text, not role: the open dialog hides the snackbar's part of the page from roles.
  await expect(page.getByText('Therapist details saved.')).toBeVisible();
  await member.getByRole('button', { name: 'Close' }).click();

  const supervisee = await storedMember(page.request, THERAPIST.lastName);
  const supervisor = await storedMember(page.request, SUPERVISOR.lastName);
  expect(supervisee.accountStatus).toBe('ENABLED');
  expect(supervisee.therapist?.supervisorIds).toEqual([supervisor.therapist?.therapistId]);
  expect(supervisor.therapist?.superviseeIds).toEqual([supervisee.therapist?.therapistId]);
}

/** The new therapist adds their first client, who joins their own caseload by default. */
async function addClient(therapist: Page): Promise<number> {
  await therapist.goto(clientUrl.newClient);
  await expect(therapist.getByRole('heading', { name: 'New client', level: 1 })).toBeVisible();
  await expect(therapist.getByRole('main').getByText(THERAPIST_NAME)).toBeVisible();
  await therapist.getByLabel('First name').fill(CLIENT.firstName);
  await therapist.getByLabel('Last name').fill(CLIENT.lastName);
  await therapist.getByLabel('Date of birth').fill(CLIENT.dateOfBirth);
  await therapist.getByRole('button', { name: 'Create client' }).click();
  await expect(therapist).toHaveURL(clientUrl.profile);
  await expect(therapist.getByText('Client created.')).toBeVisible();
  return clientIdFromUrl(therapist.url());
}

/** Books the client's first appointment from the calendar's New menu. */
async function bookFirstAppointment(therapist: Page, day: string): Promise<void> {
  await therapist.goto('/n/schedule?new=appointment');
  const dialog = therapist.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New appointment' })).toBeVisible();
  // A therapist books on their own calendar only.
  await expect(dialog.getByRole('combobox', { name: 'Therapist' })).toContainText(THERAPIST_NAME);
  await dialog.getByLabel('Date').fill(day);
  await dialog.getByLabel('Start time').fill('10:00');
  // Part of the name: the one match is chosen by itself.
  await dialog.getByRole('combobox', { name: 'Client' }).fill(CLIENT.lastName.slice(0, 4));
  await expect(dialog.getByRole('textbox', { name: 'Client' })).toHaveValue(CLIENT_NAME);
  // The owner's default service is suggested for a new client, with its length.
  await expect(dialog.getByRole('combobox', { name: 'Service (CPT code)' })).toContainText(
    `${INTAKE.cptCode} – ${INTAKE.description}`,
  );
  await expect(dialog.getByText('Suggested: the practice’s default service.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveText('60 minutes');
  const location = dialog.getByRole('combobox', { name: 'Location' });
  await expect(location).toHaveText('Main Office');
  await location.click();
  await therapist.getByRole('listbox').getByRole('option', { name: LOCATION.name }).click();
  await expect(location).toHaveText(LOCATION.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(therapist.getByText('Calendar item created.')).toBeVisible();
  await expect(therapist.getByRole('dialog')).toHaveCount(0);
}

/** The one appointment stored on the therapist's calendar that day, with its details. */
async function storedAppointment(
  request: APIRequestContext,
  ids: { therapistId: number; clientId: number },
  day: string,
): Promise<number> {
  const events = await getData<
    { calendar_event_id: number; calendar_event_kind: string; user_id_patient: number | null }[]
  >(
    request,
    `/api/calendar/getTherapistAppointments?${new URLSearchParams({
      therapistIds: String(ids.therapistId),
      start: nyInstant(day, 0),
      end: nyInstant(day, 23, 59),
    }).toString()}`,
  );
  expect(events).toHaveLength(1);
  const eventId = events[0]?.calendar_event_id ?? 0;
  expect(events[0]).toMatchObject({
    calendar_event_kind: 'appointment',
    user_id_patient: ids.clientId,
  });
  const details = await getData<Record<string, unknown>>(
    request,
    `/api/patientRecord/getAppointmentDetails/${String(eventId)}/0`,
  );
  expect(details).toMatchObject({
    clientId: ids.clientId,
    clientName: CLIENT_NAME,
    start: nyInstant(day, 10),
    end: nyInstant(day, 11),
    timezone: OWNER.timezone,
    therapistId: ids.therapistId,
    therapistName: THERAPIST_NAME,
    locationName: LOCATION.name,
    isTeletherapy: false,
    product: expect.objectContaining({ sku: INTAKE.cptCode }),
    isCancelled: false,
  });
  return eventId;
}

/** The owner opens the appointment from a link to it and sees what was booked. */
async function ownerSeesAppointment(page: Page, eventId: number, day: string): Promise<void> {
  await page.goto(`/n/schedule?event=${String(eventId)}&date=${day}`);
  const dialog = page.getByRole('dialog', { name: `Appointment with ${CLIENT_NAME}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${usDate(day)}, 10:00 AM – 11:00 AM`)).toBeVisible();
  await expect(dialog).toContainText(THERAPIST_NAME);
  await expect(dialog).toContainText(LOCATION.name);
  await expect(dialog).toContainText(`${INTAKE.cptCode} ${INTAKE.description}`);
  // Behind the dialog the calendar moved to that day, the appointment in the therapist's column.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.fc').locator(`[data-date="${day}"]`).first()).toBeVisible();
  await expect(
    page.locator('.fc').getByRole('button', { name: new RegExp(CLIENT_NAME) }),
  ).toBeVisible();
}

async function withTherapist<T>(browser: Browser, baseURL: string, run: (p: Page) => Promise<T>) {
  const context = await browser.newContext({ baseURL });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a new practice’s first day: set-up by the owner, a therapist’s first appointment', async ({
  page,
  browser,
  bareServer,
}) => {
  expect(bareServer.createOwnerOutput).toContain(
    `Created the practice "${OWNER.practice}" and its owner ${OWNER.username}.`,
  );
  const errors = collectPageErrors(page);
  await test.step('the owner signs in', () => ownerSignsIn(page));
  await test.step('adds a location', () => addLocation(page));
  await test.step('adds two services with fees', () => addServices(page));
  await test.step('invites two therapists', () => inviteTherapists(page));
  const link = await activationLinkTo(page.request, THERAPIST.email);
  expect(link.startsWith(`${bareServer.baseURL}/n/public/staff/activate?token=`)).toBe(true);
  // A weekday a week or more ahead: bookable whatever the time of day the run starts.
  const day = tuesdayAhead(7);
  await withTherapist(browser, bareServer.baseURL, async (therapist) => {
    const therapistErrors = collectPageErrors(therapist);
    await test.step('the therapist activates and signs in', () =>
      therapistActivates(therapist, link));
    await test.step('the owner makes the other therapist their supervisor', () =>
      setSupervisor(page));
    const therapistId =
      (await storedMember(page.request, THERAPIST.lastName)).therapist?.therapistId ?? 0;
    const clientId = await test.step('the therapist adds a client', () => addClient(therapist));
    await test.step('and books their first appointment', () =>
      bookFirstAppointment(therapist, day));
    const eventId = await storedAppointment(therapist.request, { therapistId, clientId }, day);
    await test.step('the owner sees it on the calendar', () =>
      ownerSeesAppointment(page, eventId, day));
    expect(therapistErrors).toEqual([]);
  });
  expect(errors).toEqual([]);
});
