import { describe, expect, it } from 'vitest';
import { APPLE_FEED, GOOGLE_FEED, OUTLOOK_FEED } from './fixtures/feeds.ts';
import { parseIcsCalendar } from './index.ts';

/** October 2026 to January 2027, read for a practice in New York. */
const read = (text: string) =>
  parseIcsCalendar(text, {
    timezone: 'America/New_York',
    window: { start: Date.UTC(2026, 9, 1), end: Date.UTC(2027, 1, 1) },
  });

const shown = (text: string) =>
  read(text).events.map((e) => [e.title, e.start, e.end, e.allDay] as const);

describe('a Google Calendar feed', () => {
  it('expands the series across the clock change, moving, cancelling and excluding occurrences', () => {
    expect(shown(GOOGLE_FEED)).toEqual([
      // Tuesdays and Thursdays 10:00 Pacific: PDT (-7) until 1 November, PST (-8) after.
      ['Supervision', '2026-10-20T17:00:00.000Z', '2026-10-20T18:00:00.000Z', false],
      ['Supervision', '2026-10-22T17:00:00.000Z', '2026-10-22T18:00:00.000Z', false],
      ['Supervision', '2026-10-27T17:00:00.000Z', '2026-10-27T18:00:00.000Z', false],
      // 29 October is an EXDATE; 3 November moved to Wednesday 15:00 by its RECURRENCE-ID.
      ['Supervision (moved)', '2026-11-04T23:00:00.000Z', '2026-11-05T00:00:00.000Z', false],
      ['Supervision', '2026-11-05T18:00:00.000Z', '2026-11-05T19:00:00.000Z', false],
      // 10 November is cancelled; 12 November is the last before UNTIL.
      ['Supervision', '2026-11-12T18:00:00.000Z', '2026-11-12T19:00:00.000Z', false],
      // All-day: midnight to midnight in the practice's zone, whatever the calendar's.
      ['Out of office', '2026-12-24T05:00:00.000Z', '2026-12-26T05:00:00.000Z', true],
    ]);
    expect(read(GOOGLE_FEED).calendarName).toBe('Dr. Okafor');
  });
});

describe('an Outlook / Office 365 feed', () => {
  it('reads Windows zone names, with or without their VTIMEZONE, and a customised zone by its block', () => {
    expect(shown(OUTLOOK_FEED)).toEqual([
      // Mondays 09:00 London: BST (+1) until 25 October, GMT after.
      ['Case review (London)', '2026-10-19T08:00:00.000Z', '2026-10-19T09:00:00.000Z', false],
      // 26 October moved to Tuesday 14:00; 2 November is an EXDATE; 9 November is UNTIL itself.
      [
        'Case review (London, moved)',
        '2026-10-27T14:00:00.000Z',
        '2026-10-27T15:00:00.000Z',
        false,
      ],
      ['Case review (London)', '2026-11-09T09:00:00.000Z', '2026-11-09T10:00:00.000Z', false],
      // 'Eastern Standard Time' with no VTIMEZONE in the file is still New York.
      ['Board call', '2026-12-01T13:30:00.000Z', '2026-12-01T14:30:00.000Z', false],
      // 'Customized Time Zone' names no zone: its block's fixed UTC-6 decides.
      ['Field visit', '2026-12-03T14:00:00.000Z', '2026-12-03T18:00:00.000Z', false],
    ]);
  });
});

describe('an Apple iCloud feed', () => {
  it('counts the monthly series from its start, applies its override and exclusion, and repeats a yearly all-day event', () => {
    expect(shown(APPLE_FEED)).toEqual([
      // First Mondays 18:00 Chicago, four in all: October (CDT), November moved to 19:00
      // (CST), December excluded, January.
      ['Book club', '2026-10-05T23:00:00.000Z', '2026-10-06T00:30:00.000Z', false],
      ['Book club (late)', '2026-11-03T01:00:00.000Z', '2026-11-03T02:30:00.000Z', false],
      ['Anniversary', '2026-11-12T05:00:00.000Z', '2026-11-13T05:00:00.000Z', true],
      ['Book club', '2027-01-05T00:00:00.000Z', '2027-01-05T01:30:00.000Z', false],
    ]);
    expect(read(APPLE_FEED).calendarName).toBe('Home');
  });
});
