import { expect, test } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { appUrl } from './support/demo';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The external agent's view /n/schedule/externalAgent (issue 5 item 11): the
 * demo agent is assigned therapist1 and therapist2 of the first practice.
 * This spec books nothing; it reads the seeded week.
 */

const AGENT_VIEW = '/n/schedule/externalAgent';

test.describe('the external agent view', () => {
  test('the agent sees one read-only column per assigned therapist, with their appointments', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await signInAs(page, 'agent');

    // The agent's navigation offers its schedule.
    await page.getByRole('navigation').getByRole('link', { name: 'Schedule' }).first().click();
    await expect(page).toHaveURL(new RegExp(`${AGENT_VIEW}$`));
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();

    const calendar = page.locator('.fc');
    await expect(calendar.locator('.fc-resourceTimeGridWeek-view')).toBeVisible();
    // Both therapists of the agent's own practice: names only, no practice name.
    const columns = calendar.locator('.fc-col-header-cell.fc-resource');
    await expect(columns).toHaveText(['Daniel Okafor', 'Theresa Quinn']);

    // The seeded appointments of the week, with initials only.
    const events = calendar.locator('.fc-event.op-agent-event');
    await expect(events.first()).toBeVisible();
    expect(await events.count()).toBeGreaterThan(3);
    const titles = await calendar.locator('.op-agent-event .op-event-title').allTextContents();
    expect(titles.some((t) => /^Appointment \([A-Z]\. [A-Z]\.\)$/.test(t))).toBe(true);
    for (const title of titles.filter((t) => t.includes('Appointment ('))) {
      expect(title).toMatch(/^(Cancelled: )?Appointment \([A-Z]\. [A-Z]\.\)$/);
    }
    // Read-only: nothing can be dragged.
    await expect(calendar.locator('.fc-event-draggable')).toHaveCount(0);
    // Scheduled appointments in the appointment colour (reading B).
    const scheduled = calendar.locator('.op-agent-event-scheduled').first();
    await expect(scheduled).toHaveCSS('background-color', 'rgb(41, 121, 255)');

    // The day view keeps the columns; the week navigation loads other weeks.
    await calendar.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(calendar.locator('.fc-resourceTimeGridDay-view')).toBeVisible();
    await expect(columns).toHaveText(['Daniel Okafor', 'Theresa Quinn']);
    await calendar.getByRole('button', { name: 'Week', exact: true }).click();
    const next = page.waitForResponse(
      (r) =>
        r.url().includes('/api/calendar/getTherapistAppointmentsByExternalAgent') &&
        r.status() === 200,
    );
    await calendar.locator('.fc-next-button').click();
    await next;
    await expect(calendar.locator('.op-agent-event').first()).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('the agent cannot open the practice calendar', async ({ page }) => {
    await signInAs(page, 'agent', { next: '/schedule/externalAgent' });
    await expect(page.locator('.fc-resourceTimeGridWeek-view')).toBeVisible();
    await page.goto('/n/schedule');
    await expect(page).toHaveURL(new RegExp(`${appUrl.accessDenied}$`));
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    // Nor its API.
    const response = await page.request.get('/api/calendar/getVisibleCalendars');
    expect(response.status()).toBe(403);
  });

  test('practice staff cannot open the agent view', async ({ page }) => {
    await signInAs(page, 'manager', { next: '/schedule/externalAgent' });
    await expect(page).toHaveURL(new RegExp(`${appUrl.accessDenied}$`));
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    const response = await page.request.get('/api/calendar/listTherapistsByExternalAgent');
    expect(response.status()).toBe(403);
  });
});
