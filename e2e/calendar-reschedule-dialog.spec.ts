import { expect, test, type Locator, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, bookByApi, nyDay, nyInstant, storedEvent } from './support/calendar-booking';
import { therapistIdByName } from './support/client-api';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Rescheduling without dragging (issue 15 item 1): a scheduler opens an appointment,
 * Edit, and moves it to another day and time with the keyboard only; moving onto another
 * session shows the conflict warning, and it saves over it only with double booking
 * allowed; the calendar then shows it at its new time. Once more on a phone (375×812):
 * the dialog fits with its buttons in view. Bookings here are on Theresa Quinn's calendar
 * on the Sunday and Monday six weeks ahead, 09:00-12:30 (New York), and at 06:00 two
 * days ahead: no other spec books then.
 */

// Each flow is many steps against the calendar on a 2-core machine.
test.describe.configure({ timeout: 120_000 });
// Native date and time fields take their digits in the locale's order (MM/DD/YYYY, hh:mm AM).
test.use({ locale: 'en-US' });

const THERAPIST = 'Theresa Quinn';
/** Scans of an open dialog leave out the calendar page behind it (scanned by its own spec). */
const DIALOG_SCAN = { exclude: ['[aria-labelledby="schedule-heading"]'] };

const calendar = (page: Page) => page.locator('.fc');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Calendar' });
const toast = (page: Page, message: string) =>
  page.locator('.notistack-MuiContent').filter({ hasText: message }).last();

/** MM/DD/YYYY of a YYYY-MM-DD day. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** The digits a keyboard types into a US date field: MMDDYYYY. */
const dateKeys = (day: string) => `${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`;

/** The Sunday `weeks` weeks ahead: the first Sunday on or after today + 7 × weeks. */
function sundayAhead(weeks: number): string {
  const from = addDays(nyDay(new Date()), 7 * weeks);
  const weekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  return addDays(from, (7 - weekday) % 7);
}

async function openSchedule(page: Page): Promise<void> {
  await page.goto('/n/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
}

/** Presses a toolbar button with the keyboard, `times` times. */
async function pressToolbar(page: Page, name: string, times = 1): Promise<void> {
  const button = toolbar(page).getByRole('button', { name });
  for (let i = 0; i < times; i++) {
    await button.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
  }
}

/** Opens an event's details with the keyboard (focus, Enter) and waits for them to load. */
async function openDetailsByKeyboard(page: Page, clientName: string): Promise<Locator> {
  await calendar(page)
    .getByRole('button', { name: new RegExp(clientName) })
    .first()
    .press('Enter');
  const dialog = page.getByRole('dialog', { name: `Appointment with ${clientName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  return dialog;
}

/** The element lies wholly on a 375×812 screen. */
async function expectOnPhoneScreen(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(375.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(812.5);
}

test.describe('rescheduling from the edit dialog', () => {
  test('a scheduler moves an appointment to another day and time with the keyboard, over a conflict only when allowed', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'scheduler');
    const day = sundayAhead(6);
    const monday = addDays(day, 1);
    const moving = await bookByApi(page, THERAPIST, nyInstant(day, 9), { service: '90837' });
    const other = await bookByApi(page, THERAPIST, nyInstant(monday, 11), { service: '90837' });
    const therapistId = await therapistIdByName(page.request, THERAPIST);

    await openSchedule(page);
    // Only Theresa Quinn's calendar, so each day is one column.
    const therapists = page.getByRole('combobox', { name: 'Therapists' });
    await therapists.click();
    await therapists.fill(THERAPIST);
    await page.getByRole('option', { name: THERAPIST }).click();
    await therapists.press('Escape');
    const sundayOf = (d: string) => addDays(d, -new Date(`${d}T00:00:00Z`).getUTCDay());
    const weeks = Math.round(
      (Date.parse(sundayOf(day)) - Date.parse(sundayOf(nyDay(new Date())))) / (7 * 86_400_000),
    );
    await pressToolbar(page, 'Next week', weeks);
    await expect(calendar(page).locator(`[data-date="${day}"]`).first()).toBeVisible();

    const details = await openDetailsByKeyboard(page, moving.clientName);
    await details.getByRole('button', { name: 'Edit' }).press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit appointment' });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Date')).toHaveValue(day);
    await expect(edit.getByLabel('Start time')).toHaveValue('09:00');
    await expect(edit.getByRole('combobox', { name: 'Therapist' })).toHaveText(THERAPIST);

    // Monday at 11:30, typed: it meets the other session (11:00-12:00).
    await edit.getByLabel('Date').pressSequentially(dateKeys(monday));
    await expect(edit.getByLabel('Date')).toHaveValue(monday);
    await edit.getByLabel('Start time').pressSequentially('1130AM');
    await expect(edit.getByLabel('Start time')).toHaveValue('11:30');
    await expect(edit.getByText('1 calendar item already takes this time.')).toBeVisible();
    const save = edit.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);

    // Confirmed: double booking allowed, then Save, all by keyboard.
    await edit.getByRole('checkbox', { name: 'Allow double booking' }).press('Space');
    await expect(save).toBeEnabled();
    await save.press('Enter');
    await expect(toast(page, 'Appointment updated.')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(details.getByText(`${usDate(monday)}, 11:30 AM – 12:30 PM`)).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Stored there, the other session left as it was, and drawn in Monday's column.
    expect(
      (await storedEvent(page.request, therapistId, monday, moving.eventId))?.start_date_time,
    ).toBe(nyInstant(monday, 11, 30));
    expect(await storedEvent(page.request, therapistId, day, moving.eventId)).toBeUndefined();
    expect(
      (await storedEvent(page.request, therapistId, monday, other.eventId))?.start_date_time,
    ).toBe(nyInstant(monday, 11));
    await expect(
      calendar(page)
        .locator(`.fc-timegrid-col[data-date="${monday}"]`)
        .getByRole('button', { name: new RegExp(moving.clientName) }),
    ).toBeVisible();
    await expect(
      calendar(page)
        .locator(`.fc-timegrid-col[data-date="${day}"]`)
        .getByRole('button', { name: new RegExp(moving.clientName) }),
    ).toHaveCount(0);
    expect(errors).toEqual([]);

    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the edit dialog fits with its buttons in view and moves the session', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signInAs(page, 'therapist1');
    const day = addDays(nyDay(new Date()), 2);
    const session = await bookByApi(page, THERAPIST, nyInstant(day, 6), { service: '90837' });

    await openSchedule(page);
    await pressToolbar(page, 'Next day', 2);
    const details = await openDetailsByKeyboard(page, session.clientName);
    await details.getByRole('button', { name: 'Edit' }).press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit appointment' });
    await expect(edit).toBeVisible();
    const box = await edit.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    for (const name of ['Cancel', 'Save']) {
      await expectOnPhoneScreen(edit.getByRole('button', { name }), name);
    }
    await expectNoSeriousA11yViolations(page, DIALOG_SCAN);

    await edit.getByLabel('Start time').pressSequentially('0630AM');
    await expect(edit.getByLabel('Start time')).toHaveValue('06:30');
    const save = edit.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await expectOnPhoneScreen(save, 'Save, after the change');
    await save.press('Enter');
    await expect(toast(page, 'Appointment updated.')).toBeVisible();
    const therapistId = await therapistIdByName(page.request, THERAPIST);
    expect(
      (await storedEvent(page.request, therapistId, day, session.eventId))?.start_date_time,
    ).toBe(nyInstant(day, 6, 30));
    expect(errors).toEqual([]);
  });
});
