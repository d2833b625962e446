import { expect, test, type Locator, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, bookByApi, nyDay, nyInstant, storedEvent } from './support/calendar-booking';
import { createClientByApi, therapistIdByName } from './support/client-api';
import { uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The calendar on a phone (issue 15 item 4, and the keyboard path to a new
 * appointment): at 375×812 it opens on a day with the grid on the first
 * screen and the filters folded away; every dialog fits the screen with its
 * buttons in view; a therapist opens a past session (drawn as 'Attendance
 * not recorded'), marks attendance and moves tomorrow's session; a scheduler
 * books with the keyboard only. Bookings here are at 07:00 (New York), before
 * the demo's working hours: Theresa Quinn yesterday and tomorrow, Priya Raman
 * six days ahead; no other spec books then.
 */

const WIDTH = 375;
const HEIGHT = 812;
test.use({ viewport: { width: WIDTH, height: HEIGHT } });
// Each flow is many steps on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** Scans of an open dialog leave out the page behind it (scanned on its own). */
const DIALOG_SCAN = { exclude: ['[aria-labelledby="schedule-heading"]'] };

const calendar = (page: Page) => page.locator('.fc');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Calendar' });
const toast = (page: Page, message: string) =>
  page.locator('.notistack-MuiContent').filter({ hasText: message }).last();

async function openSchedule(page: Page): Promise<void> {
  await page.goto('/n/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
}

/** The element lies wholly on the screen: inside its width and its height. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(HEIGHT + 0.5);
}

/** A dialog spans the screen's width, and every button in its actions is on screen. */
async function expectDialogFits(dialog: Locator, what: string): Promise<void> {
  // MUI gives the dialog role to the paper itself.
  const box = await dialog.boundingBox();
  expect(box?.width, `${what}: width`).toBeLessThanOrEqual(WIDTH + 0.5);
  expect(box?.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  const buttons = dialog.locator('.MuiDialogActions-root button');
  expect(await buttons.count(), `${what}: buttons`).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    await expectOnScreen(button, `${what}: ${(await button.textContent()) ?? 'button'}`);
  }
}

/** The page itself never scrolls sideways (the grid may, inside its own box). */
async function expectNoSidewaysPage(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(WIDTH);
}

/** Presses a toolbar button with the keyboard, `times` times. */
async function pressToolbar(page: Page, name: string, times = 1): Promise<void> {
  const button = toolbar(page).getByRole('button', { name });
  for (let i = 0; i < times; i++) {
    await button.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
  }
}

test.describe('the calendar on a phone', () => {
  test('a therapist opens the day, marks a past session attended and moves tomorrow’s', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist1');
    const today = nyDay(new Date());
    const past = await bookByApi(page, 'Theresa Quinn', nyInstant(addDays(today, -1), 7), {
      service: '90834',
    });
    const tomorrow = addDays(today, 1);
    const next = await bookByApi(page, 'Theresa Quinn', nyInstant(tomorrow, 7), {
      service: '90834',
    });
    // A working day: a session today too (the demo's days have them; a weekend's do not, and an
    // empty day's grid holds nothing to focus — a known gap, docs/decisions.md).
    await bookByApi(page, 'Theresa Quinn', nyInstant(today, 16), { service: '90834' });

    await openSchedule(page);
    // A day, not a week; the grid starts on the first screen, below the folded filters.
    await expect(calendar(page).locator('.fc-timeGridDay-view')).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Day' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Locations' })).toHaveCount(0);
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expectOnScreen(toolbar(page), 'toolbar');
    const firstHour = calendar(page).locator('.fc-timegrid-slot-label[data-time="07:00:00"]');
    await expectOnScreen(firstHour, '07:00 row');
    const grid = await calendar(page).boundingBox();
    expect(grid && grid.y).toBeLessThan(HEIGHT / 2);
    // Times and dates at a readable size.
    const label = calendar(page).locator('.fc-timegrid-slot-label-cushion').first();
    expect(
      Number.parseFloat(await label.evaluate((el) => getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(12);
    await expectNoSidewaysPage(page);
    await expectNoSeriousA11yViolations(page);

    // The filters unfold on demand.
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('switch', { name: 'My Schedule' })).toBeVisible();
    await filters.click();
    await expect(page.getByRole('switch', { name: 'My Schedule' })).toHaveCount(0);

    // Yesterday's session ended without attendance: marked so, in words too.
    await pressToolbar(page, 'Previous day');
    const pastEvent = calendar(page).getByRole('button', { name: new RegExp(past.clientName) });
    await expect(pastEvent).toHaveAccessibleName(/Attendance not recorded/);
    await expect(pastEvent).toHaveCSS('outline-style', 'dotted');
    await expectOnScreen(pastEvent, 'yesterday’s session');
    await pastEvent.click();
    const dialog = page.getByRole('dialog', { name: `Appointment with ${past.clientName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await expectDialogFits(dialog, 'details');
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);
    const attendee = dialog.getByRole('group', { name: past.clientName });
    await attendee.getByRole('button', { name: 'Attended', exact: true }).click();
    await expect(
      toast(page, `${past.clientName} saved as attended for this appointment`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(pastEvent).not.toHaveAccessibleName(/Attendance not recorded/);
    await expect(pastEvent).not.toHaveCSS('outline-style', 'dotted');

    // Tomorrow's session: its edit dialog fits too; then it moves an hour later by dragging.
    await pressToolbar(page, 'Next day', 2);
    const nextEvent = calendar(page).getByRole('button', { name: new RegExp(next.clientName) });
    await expect(nextEvent).not.toHaveAccessibleName(/Attendance not recorded/);
    await nextEvent.click();
    const details = page.getByRole('dialog', { name: `Appointment with ${next.clientName}` });
    await expect(details.getByRole('progressbar')).toHaveCount(0);
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit appointment' });
    await expect(edit).toBeVisible();
    await expectDialogFits(edit, 'edit');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const from = await nextEvent.boundingBox();
    const slot = calendar(page).locator('td.fc-timegrid-slot-lane[data-time="08:00:00"]');
    const to = await slot.boundingBox();
    if (!from || !to) throw new Error('the session and the 08:00 row must be on screen');
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + 4);
    await page.mouse.down();
    await page.mouse.move(x, from.y + 20, { steps: 5 });
    await page.mouse.move(x, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect(toast(page, 'Event successfully rescheduled.')).toBeVisible();
    const stored = await storedEvent(
      page.request,
      await therapistIdByName(page.request, 'Theresa Quinn'),
      tomorrow,
      next.eventId,
    );
    expect(stored?.start_date_time).toBe(nyInstant(tomorrow, 8));
    expect(errors).toEqual([]);
  });

  test('a scheduler books a chosen day and time with the keyboard only', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'scheduler');
    const lastName = `Phone${uniqueSuffix()}`;
    const clientId = await createClientByApi(page, {
      firstName: 'Kai',
      lastName,
      therapist: 'Priya Raman',
    });
    const day = addDays(nyDay(new Date()), 6);
    // Today a working day for the practice, as in the first test.
    await bookByApi(page, 'Priya Raman', nyInstant(nyDay(new Date()), 16), { service: '90834' });

    await openSchedule(page);
    // Several therapists: their day, one column each, scrolling sideways inside the grid.
    await expect(calendar(page).locator('.fc-resourceTimeGridDay-view')).toBeVisible();
    await expectNoSidewaysPage(page);
    await expectNoSeriousA11yViolations(page);

    // To the day, then "New appointment": the dialog opens on that day.
    await pressToolbar(page, 'Next day', 6);
    await page.getByRole('button', { name: 'New appointment' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await expect(dialog.getByRole('combobox', { name: 'Therapist' })).toBeVisible();
    await expect(dialog.getByLabel('Date')).toHaveValue(day);
    await expectDialogFits(dialog, 'scheduling');

    // Therapist: open the list with the keyboard, go to Priya Raman by typing, choose.
    const therapist = dialog.getByRole('combobox', { name: 'Therapist' });
    await therapist.press('ArrowDown');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await page.keyboard.type('Priya');
    await expect(listbox.getByRole('option', { name: 'Priya Raman' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(therapist).toHaveText('Priya Raman');

    // The time, typed into the time field; the client by part of the name (one match is chosen).
    await dialog.getByLabel('Start time').pressSequentially('0700AM');
    await expect(dialog.getByLabel('Start time')).toHaveValue('07:00');
    await dialog.getByRole('combobox', { name: 'Client' }).pressSequentially(lastName);
    await expect(dialog.getByRole('textbox', { name: 'Client' })).toHaveValue(`Kai ${lastName}`);
    await expect(dialog.getByRole('combobox', { name: 'Service (CPT code)' })).toContainText(
      '90834',
    );
    await expectDialogFits(dialog, 'scheduling, filled in');
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);

    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await save.press('Enter');
    await expect(toast(page, 'Calendar item created.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Stored at 07:00 that day, and shown in Priya Raman's column.
    const therapistId = await therapistIdByName(page.request, 'Priya Raman');
    const response = await page.request.get('/api/calendar/getTherapistAppointments', {
      params: { therapistIds: String(therapistId), start: day, end: addDays(day, 1) },
    });
    const booked = (
      (await response.json()) as {
        data: { user_id_patient: number | null; start_date_time: string }[];
      }
    ).data.filter((e) => e.user_id_patient === clientId);
    expect(booked.map((e) => e.start_date_time)).toEqual([nyInstant(day, 7)]);
    await expect(
      calendar(page).getByRole('button', { name: new RegExp(`Kai ${lastName}`) }),
    ).toBeAttached();
    expect(errors).toEqual([]);

    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });
});
