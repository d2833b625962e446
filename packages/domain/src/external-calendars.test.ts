import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_BUSY_TITLE,
  EXTERNAL_CALENDAR_COLOURS,
  checkIcsAddress,
  externalEventTitle,
  externalSyncWindow,
  isSkippedExternalCalendar,
  showsExternalEvents,
} from './external-calendars.ts';

describe('isSkippedExternalCalendar (spec-1 §4: ids with addressbook or en.usa)', () => {
  it.each<[string | null, boolean]>([
    ['addressbook#contacts@group.v.calendar.google.com', true],
    ['en.usa#holiday@group.v.calendar.google.com', true],
    ['EN.USA#holiday@group.v.calendar.google.com', true],
    [
      'https://calendar.google.com/calendar/ical/en.usa%23holiday%40group.v.calendar.google.com/public/basic.ics',
      true,
    ],
    ['https://example.com/AddressBook/birthdays.ics', true],
    ['https://example.com/bad%ZZescape/addressbook.ics', true],
    ['theresa.quinn@example.com', false],
    ['https://outlook.office365.com/owa/calendar/abc/reachcalendar.ics', false],
    ['en.us#holiday', false],
    ['', false],
    [null, false],
  ])('%s → %s', (id, skipped) => {
    expect(isSkippedExternalCalendar(id)).toBe(skipped);
  });
});

describe('checkIcsAddress', () => {
  it.each([
    [
      'https://calendar.google.com/calendar/ical/x/basic.ics',
      'https://calendar.google.com/calendar/ical/x/basic.ics',
    ],
    ['  http://127.0.0.1:8080/cal.ics ', 'http://127.0.0.1:8080/cal.ics'],
    [
      'webcal://p12-caldav.icloud.com/published/2/abc',
      'https://p12-caldav.icloud.com/published/2/abc',
    ],
    ['WEBCALS://example.com/a.ics', 'https://example.com/a.ics'],
  ])('accepts %s', (input, url) => {
    expect(checkIcsAddress(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'Enter the calendar’s ICS address (http or https).'],
    ['calendar.google.com/basic.ics', 'Enter the calendar’s ICS address (http or https).'],
    ['ftp://example.com/a.ics', 'Enter the calendar’s ICS address (http or https).'],
    ['file:///etc/passwd', 'Enter the calendar’s ICS address (http or https).'],
    ['javascript:alert(1)', 'Enter the calendar’s ICS address (http or https).'],
    ['https://exa mple.com/a.ics', 'Enter the calendar’s ICS address (http or https).'],
    [
      'https://user:secret@example.com/a.ics',
      'Leave the user name and password out of the address.',
    ],
    [`https://example.com/${'a'.repeat(2000)}`, 'That address is too long.'],
  ])('refuses %s', (input, message) => {
    expect(checkIcsAddress(input)).toEqual({ ok: false, message });
  });
});

describe('colours', () => {
  /** WCAG relative luminance contrast of white text on the colour. */
  const contrastWithWhite = (hex: string) => {
    const channel = (i: number) => {
      const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
    return 1.05 / (l + 0.05);
  };

  it.each(EXTERNAL_CALENDAR_COLOURS.map((c) => [c.label, c.value]))(
    '%s keeps white event text readable',
    (_label, value) => {
      expect(contrastWithWhite(value)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('has distinct values and labels', () => {
    expect(new Set(EXTERNAL_CALENDAR_COLOURS.map((c) => c.value)).size).toBe(
      EXTERNAL_CALENDAR_COLOURS.length,
    );
    expect(new Set(EXTERNAL_CALENDAR_COLOURS.map((c) => c.label)).size).toBe(
      EXTERNAL_CALENDAR_COLOURS.length,
    );
  });
});

describe('externalEventTitle: titles only for their owner', () => {
  it.each<[string, number, number, string]>([
    ['Dentist', 7, 7, 'Dentist'],
    ['Dentist', 7, 8, EXTERNAL_BUSY_TITLE],
    ['', 7, 7, EXTERNAL_BUSY_TITLE],
    ['   ', 7, 7, EXTERNAL_BUSY_TITLE],
  ])('%j owned by %i seen by %i is %j', (title, owner, viewer, shown) => {
    expect(externalEventTitle(title, owner, viewer)).toBe(shown);
  });
});

describe('showsExternalEvents: only when the current user is among the shown therapists', () => {
  it.each<[number[], number | null, boolean]>([
    [[1, 2], 1, true],
    [[2, 3], 1, false],
    [[], 1, false],
    [[1], null, false],
  ])('%j with current %s → %s', (shown, current, expected) => {
    expect(showsExternalEvents(shown, current)).toBe(expected);
  });
});

describe('externalSyncWindow', () => {
  it('reads 60 days back and 365 days ahead', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(externalSyncWindow(now)).toEqual({
      start: Date.parse('2026-09-22T12:00:00Z'),
      end: Date.parse('2027-11-21T12:00:00Z'),
    });
  });
});
