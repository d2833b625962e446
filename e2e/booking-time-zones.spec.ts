import { expect, test, type APIRequestContext, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addDays, nyDay } from './support/calendar-booking';
import { collectPageErrors } from './support/page-errors';

/**
 * Booking where people are (issue 15 item 6): the public page of Daniel
 * Okafor (therapist2, a New York practice) names the practice's zone, and a
 * visitor whose browser keeps another zone sees their own time beside each.
 * Nothing is booked here: the chosen slot's dialog is only opened.
 */

const DANIEL = 'Daniel Okafor, LCSW';
const FROM = addDays(nyDay(new Date()), 28);

async function danielId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/public/findYourTherapist/search', {
    params: { text: 'Okafor' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { therapistId: number }[] }).data[0]?.therapistId ?? 0;
}

/** The first open slot of the week shown, on New York's and on the given zone's clocks. */
async function firstSlot(request: APIRequestContext, therapistId: number, zone: string) {
  const response = await request.get('/api/public/findYourTherapist/slots', {
    params: { therapistId, start: FROM, end: addDays(FROM, 7) },
  });
  expect(response.ok()).toBe(true);
  const slot = ((await response.json()) as { data: { start: string }[] }).data[0];
  expect(slot, 'an open slot').toBeDefined();
  // 'h:mm AM' with a plain space, as the app writes it (Intl's own uses a narrow one).
  const time = (timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(slot?.start ?? 0));
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
    return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
  };
  return { practice: time('America/New_York'), visitor: time(zone) };
}

async function openDaniel(page: Page): Promise<number> {
  const id = await danielId(page.request);
  await page.goto(`/n/public/findYourTherapist/${id}?from=${FROM}`);
  await expect(page.getByRole('heading', { name: DANIEL, level: 1 })).toBeVisible();
  return id;
}

const slotGroup = (page: Page) =>
  page.getByRole('group', { name: new RegExp(`^Open times with ${DANIEL}`) }).first();

test.describe('a visitor in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('sees the practice’s Eastern times with their own beside each, and both when choosing one', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const id = await openDaniel(page);
    const times = await firstSlot(page.request, id, 'America/Los_Angeles');
    await expect(
      page.getByText("Times are Eastern time, the practice's. Your own time is shown under each."),
    ).toBeVisible();
    const button = slotGroup(page).getByRole('button').first();
    await expect(button).toContainText(times.practice);
    await expect(button).toContainText(`${times.visitor} your time`);
    await expect(button).toHaveAttribute(
      'aria-label',
      new RegExp(`at ${times.practice} Eastern \\(${times.visitor} your time\\)`),
    );
    await expectNoSeriousA11yViolations(page);

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Book this appointment' });
    await expect(dialog).toContainText(`at ${times.practice} Eastern (${times.visitor} your time)`);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(slotGroup(page).getByRole('button').first()).toContainText('your time');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});

test.describe('a visitor in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('sees Eastern times alone: their clocks are the practice’s', async ({ page }) => {
    const id = await openDaniel(page);
    const times = await firstSlot(page.request, id, 'America/New_York');
    await expect(page.getByText('Times are Eastern time.', { exact: true })).toBeVisible();
    const button = slotGroup(page).getByRole('button').first();
    await expect(button).toContainText(times.practice);
    await expect(button).not.toContainText('your time');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Book this appointment' });
    await expect(dialog).toContainText(`at ${times.practice} Eastern`);
    await expect(dialog).not.toContainText('your time');
  });
});
