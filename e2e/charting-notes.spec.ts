import { expect, test, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import {
  bookPastSession,
  confirmStep,
  noteStatus,
  noteUrl,
  openNoteByApi,
  signedNoteByApi,
  startNoteFromPicker,
  writeSoap,
} from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Progress notes on the web (issue 17): a therapist writes a session's note from the
 * calendar and signs it; an addendum on a locked note; the note and records pages pass axe
 * at desktop and phone widths. Every session here is a new client's, a few days back, with
 * Theresa Quinn (therapist1, licensed: her signature locks a note).
 */

test.describe.configure({ timeout: 90_000 });

const THERAPIST = 'Theresa Quinn';
const APPOINTMENT_BLUE = 'rgb(41, 121, 255)';
/** spec-1 §4: a session whose chart is locked is #999999 on the calendar. */
const CHART_LOCKED_GREY = 'rgb(153, 153, 153)';

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('a therapist writes a SOAP note from the calendar, signs it with her password, and it locks', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack: 3 });

  await page.goto(`/n/schedule?event=${session.eventId}&date=${session.day}`);
  const dialog = page.getByRole('dialog', { name: `Appointment with ${session.clientName}` });
  await expect(dialog).toBeVisible();
  const event = page.locator('.fc .fc-event', { hasText: session.clientName });
  await expect(event).toHaveCSS('background-color', APPOINTMENT_BLUE);
  const attendee = dialog.getByRole('group', { name: session.clientName });
  await attendee.getByRole('link', { name: 'Write note' }).click();
  await expect(page.getByRole('heading', { name: 'Start the progress note' })).toBeVisible();
  await startNoteFromPicker(page, 'SOAP progress note');

  await expect(page).toHaveURL(new RegExp(`/n/client/${session.clientId}/records/notes/\\d+$`));
  await expect(page.getByRole('heading', { name: 'SOAP progress note', level: 1 })).toBeVisible();
  await expect(noteStatus(page)).toHaveText('To be completed');
  await expect(page.getByText(session.clientName, { exact: true })).toBeVisible();

  await page
    .getByRole('combobox', { name: 'Add a diagnosis (ICD-10-CM)' })
    .fill('generalized anxiety');
  await page.getByRole('option', { name: /F41\.1 Generalized anxiety disorder/ }).click();
  await expect(page.getByRole('list', { name: 'Diagnoses' })).toContainText('1. F41.1');

  // Signing with a required answer missing names it, and sends nothing.
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Subjective is required before signing').first()).toBeVisible();

  await writeSoap(page, 'Session one');
  const mse = page.getByRole('group', { name: /Mental status exam/ });
  await expect(mse.getByRole('combobox', { name: 'Mood' })).toHaveValue('Euthymic');
  const risk = page.getByRole('group', { name: /Risk assessment/ });
  await expect(risk.getByRole('combobox', { name: 'Suicidal ideation' })).toHaveValue('None');

  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await confirmStep(page, 'Sign and lock this note?', 'Sign', { password: true });

  await expect(noteStatus(page)).toHaveText('Signed and locked');
  await expect(page.getByText('Note signed and locked.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Subjective/ })).toHaveCount(0);
  await expect(page.getByText('Session one: slept better.')).toBeVisible();
  await expect(page.getByText(new RegExp(`^${THERAPIST}.* · Author$`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add addendum' })).toBeVisible();

  // The records page lists it, and the calendar now opens it.
  await page.getByRole('link', { name: `Records of ${session.clientName}` }).click();
  await expect(
    page.getByRole('heading', { name: `Records of ${session.clientName}` }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'SOAP progress note' });
  await expect(row).toContainText('Signed and locked');
  await expect(row).toContainText(THERAPIST);

  await page.goto(`/n/schedule?event=${session.eventId}&date=${session.day}`);
  // Signed and locked: the session turns grey on the calendar.
  await expect(event).toHaveCSS('background-color', CHART_LOCKED_GREY);
  await dialog
    .getByRole('group', { name: session.clientName })
    .getByRole('link', { name: 'Open note' })
    .click();
  await expect(noteStatus(page)).toHaveText('Signed and locked');
  expect(errors).toEqual([]);
});

test('an addendum on a locked note is written, signed, and only then can another start', async ({
  page,
}) => {
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack: 4 });
  const noteId = await signedNoteByApi(page, session.attendeeId);

  await page.goto(noteUrl(session.clientId, noteId));
  await expect(noteStatus(page)).toHaveText('Signed and locked');
  await page.getByRole('button', { name: 'Add addendum' }).click();
  await expect(page.getByText('Addendum started.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add addendum' })).toHaveCount(0);

  const card = page.getByRole('article').filter({ hasText: 'Addendum by' });
  await expect(card).toContainText('To be completed');
  await card.getByRole('button', { name: 'Sign addendum' }).click();
  await expect(card.getByText('Write the addendum before signing it.')).toBeVisible();

  await card
    .getByRole('textbox', { name: 'Addendum' })
    .fill('Client called the next day: sleep still better.');
  await expect(card.getByRole('status')).toHaveText('Saved', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Sign addendum' }).click();
  // The password was verified moments ago (signing the note), so it is not asked again.
  await confirmStep(page, 'Sign and lock this addendum?', 'Sign', { password: false });

  await expect(page.getByText('Addendum signed and locked.')).toBeVisible();
  await expect(card).toContainText('Signed and locked');
  await expect(card).toContainText('Client called the next day: sleep still better.');
  await expect(card.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add addendum' })).toBeVisible();

  // The client's profile links to the records.
  await page.goto(`/n/client/${session.clientId}`);
  await page.getByRole('link', { name: 'Records', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/n/client/${session.clientId}/records$`));
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Addenda', exact: true }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Addendum', exact: true }) }),
  ).toContainText('Signed and locked');
});

for (const width of [1440, 375]) {
  test(`the note and records pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await signInAs(page, 'therapist1');
    const session = await bookPastSession(page, THERAPIST, { daysBack: 5 });
    const draftId = await openNoteByApi(page, session.attendeeId);

    await page.goto(noteUrl(session.clientId, draftId));
    await expect(page.getByRole('textbox', { name: /^Subjective/ })).toBeVisible();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByText('Complete these before signing:')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    const other = await bookPastSession(page, THERAPIST, { daysBack: 6 });
    const lockedId = await signedNoteByApi(page, other.attendeeId);
    await page.goto(noteUrl(other.clientId, lockedId));
    await expect(noteStatus(page)).toHaveText('Signed and locked');
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    await page.goto(`/n/client/${other.clientId}/records`);
    await expect(page.getByRole('row').filter({ hasText: 'SOAP progress note' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);
  });
}
