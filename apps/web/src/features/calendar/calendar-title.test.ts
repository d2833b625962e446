import { Calendar } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarViewName } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import { calendarTitle } from './calendar-title';

/** FullCalendar's own title for a view and day, as the grid's toolbar would show it. */
function fullCalendarTitle(view: CalendarViewName, date: string): string {
  const calendar = new Calendar(document.createElement('div'), {
    plugins: [dayGridPlugin, timeGridPlugin],
    timeZone: 'UTC',
    firstDay: 0,
    initialView: view.replace('resourceTimeGrid', 'timeGrid'),
    initialDate: date,
  });
  calendar.render();
  const title = calendar.view.title;
  calendar.destroy();
  return title;
}

describe('calendarTitle', () => {
  const days = ['2026-11-27', '2026-11-30', '2026-12-29', '2027-01-01', '2026-09-08', '2028-02-29'];
  const views: CalendarViewName[] = [
    'timeGridDay',
    'timeGridWeek',
    'dayGridMonth',
    'resourceTimeGridDay',
    'resourceTimeGridWeek',
  ];
  for (const view of views) {
    it(`titles ${view} as FullCalendar does`, () => {
      for (const day of days) expect(calendarTitle(view, day)).toBe(fullCalendarTitle(view, day));
    });
  }

  it('reads as the toolbar shows it', () => {
    expect(calendarTitle('timeGridDay', '2026-11-27')).toBe('November 27, 2026');
    expect(calendarTitle('timeGridWeek', '2026-11-27')).toBe('Nov 22 – 28, 2026');
    expect(calendarTitle('timeGridWeek', '2026-12-31')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(calendarTitle('dayGridMonth', '2026-11-27')).toBe('November 2026');
  });
});
