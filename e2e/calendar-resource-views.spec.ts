import { expect, test, type Locator, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookByApi, nyDay, nyInstant } from './support/calendar-booking';
import { DEMO_PASSWORD } from './support/demo';
import { GROUP_PRACTICE } from './support/group-practice';
import { collectPageErrors } from './support/page-errors';
import { submitSignIn } from './support/sign-in';

/**
 * The per-therapist views on a desktop (issue 15 item 5): at 1440 px a manager
 * of 16 therapists (spec-1 §9's limit; the end-to-end runs' group practice,
 * support/group-practice.ts) sees every column in the day and week by
 * therapist, at the spec's minimum widths (250 px a therapist by day, 50 px a
 * day by week), scrolling sideways; each event says its time, client and
 * service; the colour follows the rule and the location colour is an accent.
 * It books in its own practice today, so no other spec sees its events.
 */

test.use({ viewport: { width: 1440, height: 900 } });
// Two views of 16 columns and an axe scan of each, on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const NAMES = GROUP_PRACTICE.therapists.map(([first, last]) => `${first} ${last}`);
const APPOINTMENT_BLUE = 'rgb(41, 121, 255)';
const LOCATION_TEAL = 'rgb(0, 131, 143)';

const calendar = (page: Page) => page.locator('.fc');
const views = (page: Page) => page.getByRole('group', { name: 'Calendar view' });

async function signInAsGroupManager(page: Page): Promise<void> {
  await page.goto(`/n/public/login?next=${encodeURIComponent('/schedule')}`);
  await submitSignIn(page, GROUP_PRACTICE.manager, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/public\/login/);
}

async function openSchedule(page: Page): Promise<void> {
  await page.goto('/n/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toBeAttached();
}

async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box.width;
}

/** The element that scrolls the grid sideways, and how far it can. */
async function sidewaysScroll(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return calendar(page).evaluate((el) => {
    const scroller = el.parentElement?.parentElement;
    if (!scroller) throw new Error('no scroller');
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
}

/** Every therapist's column header, in order, each at least `min` px wide. */
async function expectEveryColumn(page: Page, min: number): Promise<void> {
  const headers = calendar(page).locator('.fc-col-header-cell.fc-resource');
  await expect(headers).toHaveText(NAMES);
  for (let i = 0; i < NAMES.length; i++) {
    expect(await widthOf(headers.nth(i)), NAMES[i]).toBeGreaterThanOrEqual(min - 1);
  }
}

test('16 therapists by day and by week: every column, scrolling sideways, readable events', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAsGroupManager(page);
  const today = nyDay(new Date());
  const at = GROUP_PRACTICE.location;
  const first = await bookByApi(page, NAMES[0] ?? '', nyInstant(today, 10), {
    service: '90834',
    location: at,
  });
  const last = await bookByApi(page, NAMES[15] ?? '', nyInstant(today, 11), {
    service: '90837',
    location: at,
  });

  await openSchedule(page);
  // Nobody chosen: the first 16 active therapists, by week, one column each.
  await expect(views(page).getByRole('button', { name: 'Week by therapist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A therapist's week is seven days of at least 50 px.
  await expectEveryColumn(page, 7 * 50);
  const day = calendar(page).locator(`.fc-timegrid-col[data-date="${today}"]`).first();
  expect(await widthOf(day)).toBeGreaterThanOrEqual(49);
  let scroll = await sidewaysScroll(page);
  expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
  expect(scroll.scrollWidth).toBeGreaterThanOrEqual(16 * 7 * 50);
  // Narrow columns still name the event fully (words and tooltip).
  const narrow = calendar(page).getByRole('button', { name: new RegExp(first.clientName) });
  await expect(narrow).toHaveAccessibleName(/10:00.*Service 90834/);
  await expect(narrow).toHaveAttribute('title', new RegExp(`10:00.*${first.clientName}.*90834`));
  await expectNoSeriousA11yViolations(page);

  await views(page).getByRole('button', { name: 'Day by therapist' }).click();
  await expect(calendar(page).locator('.fc-resourceTimeGridDay-view')).toBeVisible();
  await expectEveryColumn(page, 250);
  scroll = await sidewaysScroll(page);
  expect(scroll.scrollWidth).toBeGreaterThanOrEqual(16 * 250);
  expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);

  // Each event reads time, client and service; its fill is the appointment colour, the
  // location's colour an accent on its left edge.
  for (const [booked, time, service] of [
    [first, '10:00', '90834'],
    [last, '11:00', '90837'],
  ] as const) {
    const event = calendar(page).getByRole('button', { name: new RegExp(booked.clientName) });
    await event.scrollIntoViewIfNeeded();
    await expect(event).toBeInViewport();
    await expect(event.locator('.op-event-time')).toContainText(time);
    await expect(event.locator('.op-event-title')).toHaveText(booked.clientName);
    await expect(event.locator('.op-event-service')).toHaveText(service);
    await expect(event.locator('.op-event-service')).toBeInViewport();
    await expect(event).toHaveCSS('background-color', APPOINTMENT_BLUE);
    await expect(event).toHaveCSS('box-shadow', `${LOCATION_TEAL} 5px 0px 0px 0px inset`);
  }
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);

  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
});
