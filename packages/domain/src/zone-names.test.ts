import { describe, expect, it } from 'vitest';
import { formatTimeForVisitor, formatTimeWithZone, visitorTimeOf, zoneName } from './zone-names.ts';

const WINTER = '2026-01-15T15:00:00Z';
const SUMMER = '2026-07-15T15:00:00Z';

describe('zoneName', () => {
  it.each([
    ['America/New_York', WINTER, 'Eastern'],
    ['America/New_York', SUMMER, 'Eastern'],
    ['America/Detroit', SUMMER, 'Eastern'],
    ['US/Eastern', WINTER, 'Eastern'],
    ['EST5EDT', SUMMER, 'Eastern'],
    ['America/Chicago', WINTER, 'Central'],
    ['America/Chicago', SUMMER, 'Central'],
    ['America/Denver', WINTER, 'Mountain'],
    ['America/Denver', SUMMER, 'Mountain'],
    ['America/Phoenix', SUMMER, 'Arizona'],
    ['America/Los_Angeles', WINTER, 'Pacific'],
    ['America/Los_Angeles', SUMMER, 'Pacific'],
    ['US/Pacific', SUMMER, 'Pacific'],
    ['America/Anchorage', SUMMER, 'Alaska'],
    ['Pacific/Honolulu', WINTER, 'Hawaii'],
    ['America/Puerto_Rico', WINTER, 'Atlantic'],
    ['UTC', SUMMER, 'UTC'],
    // Not in the table: Intl's US generic names read as one word.
    ['America/North_Dakota/Center', SUMMER, 'Central'],
    ['America/Juneau', WINTER, 'Alaska'],
    // Elsewhere: Intl's long generic name as it is, the same in summer and winter.
    ['Europe/Berlin', WINTER, 'Central European Time'],
    ['Europe/Berlin', SUMMER, 'Central European Time'],
    ['Asia/Tokyo', SUMMER, 'Japan Standard Time'],
    // An id no runtime knows is shown as given.
    ['Mars/Olympus_Mons', SUMMER, 'Mars/Olympus_Mons'],
  ])('%s at %s is %s', (zone, at, name) => {
    expect(zoneName(zone, at)).toBe(name);
  });
});

describe('formatTimeWithZone', () => {
  it.each([
    [WINTER, 'America/New_York', '10:00 AM Eastern'],
    [SUMMER, 'America/New_York', '11:00 AM Eastern'],
    [SUMMER, 'America/Los_Angeles', '8:00 AM Pacific'],
    [WINTER, 'Pacific/Honolulu', '5:00 AM Hawaii'],
  ])('%s in %s is %s', (at, zone, text) => {
    expect(formatTimeWithZone(at, zone)).toBe(text);
  });
});

describe('the visitor’s own time', () => {
  it.each([
    // Same zone, or no zone known: nothing more to say.
    [WINTER, 'America/New_York', 'America/New_York', null],
    [WINTER, 'America/New_York', null, null],
    [WINTER, 'America/New_York', 'Not/AZone', null],
    // A visitor three hours west, in winter and in summer.
    [WINTER, 'America/New_York', 'America/Los_Angeles', '7:00 AM your time'],
    [SUMMER, 'America/New_York', 'America/Los_Angeles', '8:00 AM your time'],
    // Arizona keeps standard time: Denver's clocks match in winter, not in summer.
    [WINTER, 'America/Denver', 'America/Phoenix', null],
    [SUMMER, 'America/Denver', 'America/Phoenix', '8:00 AM your time'],
    // Another day on the visitor's calendar names its weekday (Thu 11 PM Hawaii is Fri in New York).
    ['2026-01-16T09:00:00Z', 'Pacific/Honolulu', 'America/New_York', 'Fri 4:00 AM your time'],
    ['2026-01-16T06:30:00Z', 'America/New_York', 'Pacific/Honolulu', 'Thu 8:30 PM your time'],
  ])('%s on %s clocks seen from %s: %s', (at, practice, visitor, text) => {
    expect(visitorTimeOf(at, practice, visitor)).toBe(text);
  });

  it.each([
    // Across the spring change (March 8, 2026) New York moves an hour, Arizona does not.
    ['2026-03-06T15:00:00Z', '10:00 AM Eastern (8:00 AM your time)'],
    ['2026-03-09T15:00:00Z', '11:00 AM Eastern (8:00 AM your time)'],
    // And back in the autumn (November 1, 2026).
    ['2026-10-30T15:00:00Z', '11:00 AM Eastern (8:00 AM your time)'],
    ['2026-11-02T15:00:00Z', '10:00 AM Eastern (8:00 AM your time)'],
  ])('New York seen from Phoenix at %s: %s', (at, text) => {
    expect(formatTimeForVisitor(at, 'America/New_York', 'America/Phoenix')).toBe(text);
  });

  it('reads as the practice time with the visitor’s in brackets', () => {
    expect(formatTimeForVisitor(WINTER, 'America/New_York', 'America/Los_Angeles')).toBe(
      '10:00 AM Eastern (7:00 AM your time)',
    );
    expect(formatTimeForVisitor(WINTER, 'America/New_York', 'America/New_York')).toBe(
      '10:00 AM Eastern',
    );
  });
});
