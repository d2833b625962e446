import { describe, expect, it } from 'vitest';
import { TIMEZONE_ALIASES, US_TIMEZONES, canonicalTimezone, timezoneLabel } from './timezones.ts';

describe('US_TIMEZONES', () => {
  it.each([
    ['America/New_York', 'Eastern'],
    ['America/Chicago', 'Central'],
    ['America/Denver', 'Mountain'],
    ['America/Phoenix', 'Arizona'],
    ['America/Los_Angeles', 'Pacific'],
    ['America/Anchorage', 'Alaska'],
    ['Pacific/Honolulu', 'Hawaii'],
  ])('%s is labelled %s', (name, label) => {
    expect(US_TIMEZONES.find((zone) => zone.name === name)?.label).toBe(label);
  });

  it.each(['America/Puerto_Rico', 'Pacific/Guam', 'Pacific/Pago_Pago'])(
    'includes the territory zone %s',
    (name) => {
      expect(US_TIMEZONES.some((zone) => zone.name === name)).toBe(true);
    },
  );

  it.each(US_TIMEZONES.map((zone) => [zone.name]))('%s is a zone the runtime knows', (name) => {
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: name })).not.toThrow();
  });

  it('has no duplicates', () => {
    expect(new Set(US_TIMEZONES.map((zone) => zone.name)).size).toBe(US_TIMEZONES.length);
  });
});

describe('TIMEZONE_ALIASES', () => {
  const listed = new Set(US_TIMEZONES.map((zone) => zone.name));

  it.each(Object.entries(TIMEZONE_ALIASES))('%s points to a listed zone (%s)', (_old, target) => {
    expect(listed.has(target)).toBe(true);
  });
});

describe('canonicalTimezone', () => {
  it.each<[string | null | undefined, string | null]>([
    ['America/New_York', 'America/New_York'],
    [' America/Chicago ', 'America/Chicago'],
    ['US/Eastern', 'America/New_York'],
    ['US/Central', 'America/Chicago'],
    ['US/Mountain', 'America/Denver'],
    ['US/Pacific', 'America/Los_Angeles'],
    ['US/Alaska', 'America/Anchorage'],
    ['US/Hawaii', 'Pacific/Honolulu'],
    ['US/Arizona', 'America/Phoenix'],
    ['US/East-Indiana', 'America/Indiana/Indianapolis'],
    ['US/Indiana-Starke', 'America/Indiana/Knox'],
    ['US/Michigan', 'America/Detroit'],
    ['US/Aleutian', 'America/Adak'],
    ['US/Samoa', 'Pacific/Pago_Pago'],
    ['EST5EDT', 'America/New_York'],
    ['CST6CDT', 'America/Chicago'],
    ['MST7MDT', 'America/Denver'],
    ['PST8PDT', 'America/Los_Angeles'],
    ['EST', 'America/New_York'],
    ['MST', 'America/Phoenix'],
    ['HST', 'Pacific/Honolulu'],
    ['America/Indianapolis', 'America/Indiana/Indianapolis'],
    ['America/Fort_Wayne', 'America/Indiana/Indianapolis'],
    ['America/Knox_IN', 'America/Indiana/Knox'],
    ['America/Louisville', 'America/Kentucky/Louisville'],
    ['America/Virgin', 'America/Puerto_Rico'],
    ['Pacific/Saipan', 'Pacific/Guam'],
    ['Navajo', 'America/Denver'],
    ['Europe/London', null],
    ['Mars/Olympus_Mons', null],
    ['us/eastern', null],
    ['toString', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (name, expected) => {
    expect(canonicalTimezone(name)).toBe(expected);
  });
});

describe('timezoneLabel', () => {
  it.each<[string, string | null]>([
    ['America/Denver', 'Mountain'],
    ['US/Pacific', 'Pacific'],
    ['HST', 'Hawaii'],
    ['Asia/Tokyo', null],
  ])('%s -> %j', (name, expected) => {
    expect(timezoneLabel(name)).toBe(expected);
  });
});
