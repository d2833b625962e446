/**
 * The browser half of `npm run bench:calendar`: how long Chromium takes from
 * the arrival of the month's events (the end of the getTherapistAppointments
 * response) to the month view showing them. Needs the built web app.
 */
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const LOADS = 10;

declare global {
  interface Window {
    /** performance.now() of the last DOM change that added calendar events. */
    __lastEventPaint?: number;
  }
}

export async function renderMonthInChromium(
  base: string,
  cookie: string,
  therapistIds: number[],
): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    const visible = (await (
      await context.request.get(`${base}/api/calendar/getVisibleCalendars`)
    ).json()) as { data: { userId: number } };
    const today = new Date().toISOString().slice(0, 10);
    const filters = { therapistIds, locationIds: [], includeCancelled: false, mySchedule: false };
    const remembered = {
      filters,
      position: { view: 'dayGridMonth', startDate: today, visitedOn: today },
    };
    const userId = visible.data.userId;
    // The page's own remembered choices (features/calendar/calendar-prefs.ts): month view, 16 therapists.
    await context.addInitScript(
      ({ userId, remembered, filters }) => {
        localStorage.setItem(`openpractice.schedule.${userId}`, JSON.stringify(remembered));
        sessionStorage.setItem(`openpractice.schedule.session.${userId}`, JSON.stringify(filters));
        new MutationObserver((mutations) => {
          const added = mutations.some((m) =>
            [...m.addedNodes].some(
              (n) =>
                n instanceof HTMLElement &&
                (n.matches('.fc-event, .op-more') || n.querySelector('.fc-event, .op-more')),
            ),
          );
          if (added) window.__lastEventPaint = performance.now();
        }).observe(document, { childList: true, subtree: true });
      },
      { userId, remembered, filters },
    );
    const page = await context.newPage();
    const times: number[] = [];
    for (let i = 0; i < LOADS + 1; i++) {
      await page.goto(`${base}/n/schedule`);
      try {
        await page
          .locator('.fc-dayGridMonth-view .fc-event, .fc-dayGridMonth-view .op-more')
          .first()
          .waitFor({ timeout: 60_000 });
      } catch (error) {
        await page.screenshot({ path: '/tmp/bench-calendar-render.png' });
        throw error;
      }
      // Let the view settle: no new events drawn for half a second.
      await page.waitForFunction(
        () => {
          const last = window.__lastEventPaint ?? 0;
          return last > 0 && performance.now() - last > 500;
        },
        undefined,
        { timeout: 60_000, polling: 100 },
      );
      const elapsed = await page.evaluate(() => {
        const responses = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/calendar/getTherapistAppointments'));
        const arrived = (responses.at(-1) as PerformanceResourceTiming | undefined)?.responseEnd;
        return arrived === undefined ? null : (window.__lastEventPaint ?? 0) - arrived;
      });
      if (elapsed === null) throw new Error('The month view never asked for its appointments.');
      if (i > 0) times.push(elapsed); // the first load warms caches and the JIT
    }
    return times;
  } finally {
    await browser.close();
  }
}
