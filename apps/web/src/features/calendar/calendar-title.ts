import type { CalendarViewName } from '@openpractice/domain';

/**
 * The range a view shows, titled as FullCalendar titles it ("November 27, 2026",
 * "Nov 22 – 28, 2026", "November 2026"), so the toolbar's heading paints before FullCalendar
 * has loaded (issue 24) and does not change when it has. Weeks start on Sunday, as the grid's.
 */
export function calendarTitle(view: CalendarViewName, date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  switch (view) {
    case 'timeGridDay':
    case 'resourceTimeGridDay':
      return `${LONG_MONTH.format(day)} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
    case 'dayGridMonth':
      return `${LONG_MONTH.format(day)} ${day.getUTCFullYear()}`;
    case 'timeGridWeek':
    case 'resourceTimeGridWeek':
      return weekTitle(day);
  }
}

const LONG_MONTH = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });
const DAY_MS = 86_400_000;

function weekTitle(day: Date): string {
  const start = new Date(day.getTime() - day.getUTCDay() * DAY_MS);
  const end = new Date(start.getTime() + 6 * DAY_MS);
  const [startYear, endYear] = [start.getUTCFullYear(), end.getUTCFullYear()];
  const from = `${SHORT_MONTH.format(start)} ${start.getUTCDate()}`;
  if (startYear !== endYear) {
    return `${from}, ${startYear} – ${SHORT_MONTH.format(end)} ${end.getUTCDate()}, ${endYear}`;
  }
  const to =
    start.getUTCMonth() === end.getUTCMonth()
      ? String(end.getUTCDate())
      : `${SHORT_MONTH.format(end)} ${end.getUTCDate()}`;
  return `${from} – ${to}, ${endYear}`;
}
