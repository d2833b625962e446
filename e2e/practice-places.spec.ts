import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, bookByApi, csrfHeader, nyDay, nyInstant } from './support/calendar-booking';
import { therapistIdByName } from './support/client-api';
import { toast } from './support/client-profile';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Issue 16 items 2 and 3 as a manager sets up a new place: a location, two services with
 * their fees, a payer's fee, which therapists offer them, and then closing the location
 * after seeing what is booked there. Every step is checked on the page and in what the API
 * stores. The worker's database is shared with other specs, so the test puts back the demo
 * therapists' services and retires what it added.
 */

// One flow over three pages, each scanned at two widths.
test.describe.configure({ timeout: 180_000 });

const LOCATIONS_URL = '/n/practice/locations/service';
const SERVICES_URL = '/n/practice/services';
const SAMUEL = 'Samuel Ortiz';
const PRIYA = 'Priya Raman';

/** MM/DD/YYYY, as the pages show a day. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** `fitsPhone`: the page must also not scroll sideways at 375 px. */
async function axeAtBothWidths(page: Page, options: { fitsPhone?: boolean } = {}): Promise<void> {
  // A success toast fades over the page; the scan is of the page itself.
  await expect(page.getByRole('alert').filter({ hasText: /saved|added|closes/ })).toHaveCount(0, {
    timeout: 10_000,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  if (options.fitsPhone) expect(sideways, 'the page fits a 375 px phone').toBe(false);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function getData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function send(
  request: APIRequestContext,
  method: 'post' | 'put' | 'delete',
  path: string,
  data?: unknown,
): Promise<void> {
  const response = await request[method](path, { data, headers: await csrfHeader(request) });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

type StoredService = { productId: number; cptCode: string; active: boolean };
type NewService = Record<'cptCode' | 'description' | 'minutes' | 'fee', string>;

const servicesStored = (request: APIRequestContext) =>
  getData<StoredService[]>(request, '/api/practice/services');

async function addLocation(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: 'Address' }).fill('12 Harbor Street');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Portland');
  await dialog.getByRole('textbox', { name: 'State' }).fill('ME');
  await dialog.getByRole('textbox', { name: 'ZIP code' }).fill('04101');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('207 555 0199');
  await dialog.getByLabel('Colour on the calendar').fill('#2e7d32');
  await dialog.getByRole('combobox', { name: 'Place of service' }).click();
  await page.getByRole('option', { name: '53 Community mental health center' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Location added.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addService(page: Page, service: NewService): Promise<void> {
  await page.getByRole('button', { name: 'Add service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await dialog.getByRole('textbox', { name: /^CPT code/ }).fill(service.cptCode);
  await dialog.getByRole('textbox', { name: /^Description/ }).fill(service.description);
  await dialog.getByRole('textbox', { name: /^Length \(minutes\)/ }).fill(service.minutes);
  await dialog.getByRole('textbox', { name: /^Default fee/ }).fill(service.fee);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

/**
 * Ticks exactly `keep` of a therapist's services: Every service off first, which ticks all of
 * them, then the others off.
 */
async function offerOnly(page: Page, therapist: string, all: string[], keep: string[]) {
  const group = page.getByRole('group', { name: therapist });
  await group.getByRole('checkbox', { name: /^Every service/ }).uncheck();
  for (const code of all) {
    const box = group.getByRole('checkbox', { name: new RegExp(`^${code} `) });
    await expect(box).toBeChecked();
    if (!keep.includes(code)) await box.uncheck();
  }
}

/** Adds the location on the locations page; answers its id. */
async function locationStep(page: Page, name: string): Promise<number> {
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await addLocation(page, name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('12 Harbor Street, Portland, ME, 04101');
  await expect(row).toContainText('Open');
  const stored = (
    await getData<Record<string, unknown>[]>(page.request, '/api/practice/locations')
  ).find((l) => l.name === name);
  expect(stored).toMatchObject({
    addressLine1: '12 Harbor Street',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
    phone: '2075550199',
    color: '#2E7D32',
    placeOfServiceCode: '53',
    active: true,
    closesOn: null,
  });
  await axeAtBothWidths(page, { fitsPhone: true });
  return Number(stored?.practiceLocationId);
}

/** Adds both services, then tries the first code again; answers their ids, in order. */
async function servicesStep(page: Page, first: NewService, second: NewService): Promise<number[]> {
  await page.goto(SERVICES_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Services and fees' })).toBeVisible();
  for (const service of [first, second]) {
    await addService(page, service);
    await expect(toast(page, 'Service added.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  const row = page.getByRole('table', { name: 'Services' }).getByRole('row', {
    name: new RegExp(first.cptCode),
  });
  await expect(row).toContainText('50 minutes');
  await expect(row).toContainText('$165.00');
  const stored = await servicesStored(page.request);
  const one = stored.find((s) => s.cptCode === first.cptCode);
  const two = stored.find((s) => s.cptCode === second.cptCode);
  expect(one).toMatchObject({
    description: first.description,
    durationMinutes: 50,
    feeCents: 16_500,
    active: true,
  });
  expect(two).toMatchObject({ durationMinutes: 30, feeCents: 9_000, active: true });

  await addService(page, { ...first, description: 'Same code again' });
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await expect(
    dialog.getByText(
      `The practice already has an active service with CPT code ${first.cptCode}. Edit that service instead.`,
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const again = (await servicesStored(page.request)).filter((s) => s.cptCode === first.cptCode);
  expect(again).toHaveLength(1);
  return [one?.productId ?? 0, two?.productId ?? 0];
}

/** Gives the first service a fee of its own for the first active payer. */
async function feeStep(page: Page, first: NewService, added: number[]): Promise<void> {
  const path = '/api/practice/services/fees';
  type Schedules = {
    payers: { practice_insurance_id: number; label: string; active: boolean }[];
    fees: { practice_insurance_id: number; productId: number; feeCents: number }[];
  };
  const payer = (await getData<Schedules>(page.request, path)).payers.find((p) => p.active);
  expect(payer, 'an active payer of the demo practice').toBeDefined();
  const payerId = payer?.practice_insurance_id ?? 0;
  await page.getByRole('combobox', { name: 'Payer' }).click();
  await page.getByRole('option', { name: payer?.label ?? '', exact: true }).click();
  await page.getByRole('textbox', { name: `${first.cptCode} fee ($)` }).fill('120.00');
  await page.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(toast(page, 'Fee schedule saved.')).toBeVisible();
  const fees = (await getData<Schedules>(page.request, path)).fees.filter(
    (f) => f.practice_insurance_id === payerId && added.includes(f.productId),
  );
  // The second service's blank fee stays the default: nothing is stored for it.
  expect(fees).toEqual([{ practice_insurance_id: payerId, productId: added[0], feeCents: 12_000 }]);
}

/** Samuel offers both new services, Priya the first only (ticked with the keyboard). */
async function offeringsStep(
  page: Page,
  codes: { first: string; second: string },
  ids: { samuel: number; priya: number; added: number[] },
): Promise<void> {
  const active = (await servicesStored(page.request)).filter((s) => s.active);
  const all = active.map((s) => s.cptCode);
  const save = page.getByRole('button', { name: 'Save services offered' });
  const samuel = page.getByRole('group', { name: SAMUEL });
  await expect(samuel.getByRole('checkbox', { name: /^Every service/ })).toBeChecked();
  await expect(save).toBeDisabled();
  await offerOnly(page, SAMUEL, all, [codes.first, codes.second]);
  // Nothing ticked would mean every service to the server: the page refuses it instead.
  await offerOnly(page, PRIYA, all, []);
  await save.click();
  await expect(
    page.getByText(`Choose at least one service for ${PRIYA}, or Every service.`),
  ).toBeVisible();
  const box = page
    .getByRole('group', { name: PRIYA })
    .getByRole('checkbox', { name: new RegExp(`^${codes.first} `) });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await save.click();
  await expect(toast(page, 'Services offered saved.')).toBeVisible();
  await expect(save).toBeDisabled();

  const stored = await getData<{ therapistId: number; productIds: number[] }[]>(
    page.request,
    '/api/practice/services/offerings',
  );
  const offered = (id: number) => stored.find((o) => o.therapistId === id)?.productIds;
  expect(offered(ids.samuel)).toEqual([...ids.added].sort((a, b) => a - b));
  expect(offered(ids.priya)).toEqual([ids.added[0]]);
  await page.reload();
  await expect(samuel.getByRole('checkbox', { name: /^Every service/ })).not.toBeChecked();
  await expect(
    samuel.getByRole('checkbox', { name: new RegExp(`^${codes.second} `) }),
  ).toBeChecked();
  await expect(samuel.getByRole('checkbox', { name: /^90837 / })).not.toBeChecked();
  await axeAtBothWidths(page, { fitsPhone: true });
}

/**
 * Books Samuel there and gives him extra hours there (through the API), then closes the
 * location from a day before them; answers the extra hours' id.
 */
async function closeStep(
  page: Page,
  location: { id: number; name: string },
  days: { closesOn: string; visit: string },
  samuelId: number,
): Promise<number> {
  const booked = await bookByApi(page, SAMUEL, nyInstant(days.visit, 7), {
    location: location.name,
  });
  const response = await page.request.post('/api/availability/addException', {
    data: {
      therapistId: samuelId,
      date: days.visit,
      kind: 'extra',
      practiceLocationId: location.id,
      startTime: '08:00',
      endTime: '12:00',
    },
    headers: await csrfHeader(page.request),
  });
  expect(response.status(), await response.text()).toBe(201);
  const exceptionId = ((await response.json()) as { data: { exception_id: number } }).data
    .exception_id;

  await page.goto(LOCATIONS_URL);
  await page.getByRole('link', { name: `Close ${location.name}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/n/practice/locations/service/close\\?locationId=${String(location.id)}$`),
  );
  // The page names the location once it has a day to list from.
  await expect(page.getByRole('heading', { level: 1, name: 'Close a location' })).toBeVisible();
  await page.getByLabel('Closing date').fill(days.closesOn);
  await expect(
    page.getByRole('heading', { level: 1, name: `Close a location: ${location.name}` }),
  ).toBeVisible();
  const from = usDate(days.closesOn);
  await expect(page.getByRole('heading', { name: `Appointments from ${from} (1)` })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Appointments to reschedule' }).getByRole('link'),
  ).toHaveText(new RegExp(`^${usDate(days.visit)} .*: ${booked.clientName} with ${SAMUEL}$`));
  await expect(page.getByRole('list', { name: 'Availability at this location' })).toContainText(
    `${SAMUEL}: extra hours ${usDate(days.visit)}`,
  );
  await axeAtBothWidths(page, { fitsPhone: true });

  await page.getByRole('button', { name: `Close location from ${from}` }).click();
  await page
    .getByRole('dialog', { name: `Close ${location.name} from ${from}?` })
    .getByRole('button', { name: 'Close location' })
    .click();
  await expect(toast(page, `${location.name} closes on ${from}.`)).toBeVisible();
  const stored = (
    await getData<{ practiceLocationId: number; closesOn: string | null }[]>(
      page.request,
      '/api/practice/locations',
    )
  ).find((l) => l.practiceLocationId === location.id);
  expect(stored?.closesOn).toBe(days.closesOn);
  await page.getByRole('link', { name: 'Back to locations' }).click();
  await expect(page.getByRole('row', { name: new RegExp(location.name) })).toContainText(
    `Closes ${from}`,
  );
  return exceptionId;
}

/**
 * Puts the demo back for the specs that share this worker's database: the therapists offer
 * every service again, and what the test added is retired. Found by name and code, so it also
 * tidies after a step that failed half way.
 */
async function putBack(
  request: APIRequestContext,
  made: { therapistIds: number[]; codes: string[]; locationName: string; exceptionId: number },
): Promise<void> {
  for (const therapistId of made.therapistIds)
    await send(request, 'put', '/api/practice/services/offerings', { therapistId, productIds: [] });
  for (const s of await servicesStored(request))
    if (s.active && made.codes.includes(s.cptCode))
      await send(request, 'post', '/api/practice/services/setActive', {
        productId: s.productId,
        active: false,
      });
  if (made.exceptionId)
    await send(
      request,
      'delete',
      `/api/availability/deleteException?exception_id=${String(made.exceptionId)}`,
    );
  const locations = await getData<{ practiceLocationId: number; name: string }[]>(
    request,
    '/api/practice/locations',
  );
  for (const l of locations.filter((x) => x.name === made.locationName))
    await send(request, 'post', '/api/practice/locations/setActive', {
      practiceLocationId: l.practiceLocationId,
      active: false,
    });
}

test('a manager sets up a location, services, fees and who offers them, then closes it', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const locationName = `Harbor Annex ${suffix}`;
  // HCPCS-shaped codes of this run only, so a second run on one database does not collide.
  const n = String(1000 + Math.floor(Math.random() * 9000));
  const first = {
    cptCode: `S${n}`,
    description: `Walk and talk ${suffix}`,
    minutes: '50',
    fee: '165.00',
  };
  const second = {
    cptCode: `T${n}`,
    description: `Family check-in ${suffix}`,
    minutes: '30',
    fee: '90',
  };
  const today = nyDay(new Date());
  const days = { closesOn: addDays(today, 40), visit: addDays(today, 45) };
  await signInAs(page, 'manager', { next: '/practice/locations/service' });
  const samuelId = await therapistIdByName(page.request, SAMUEL);
  const priyaId = await therapistIdByName(page.request, PRIYA);
  let exceptionId = 0;
  try {
    const locationId = await test.step('add a location', () => locationStep(page, locationName));
    const added =
      await test.step('add two services; a duplicate code shows the server’s message', () =>
        servicesStep(page, first, second));
    await test.step('set a payer’s fee', () => feeStep(page, first, added));
    await test.step('choose which therapists offer them', () =>
      offeringsStep(
        page,
        { first: first.cptCode, second: second.cptCode },
        { samuel: samuelId, priya: priyaId, added },
      ));
    exceptionId = await test.step('close the location after seeing what is booked there', () =>
      closeStep(page, { id: locationId, name: locationName }, days, samuelId));
    expect(errors).toEqual([]);
  } finally {
    await putBack(page.request, {
      therapistIds: [samuelId, priyaId],
      codes: [first.cptCode, second.cptCode],
      locationName,
      exceptionId,
    });
  }
});
