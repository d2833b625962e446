import { describe, expect, it } from 'vitest';
import {
  IcsError,
  ICS_NOT_A_CALENDAR,
  parseIcsCalendar,
  resolveIcsTimezone,
  type IcsBusyEvent,
} from './index.ts';

const NY = 'America/New_York';

/** A window wide enough for every sample: 1997 to 2030. */
const WIDE = { start: Date.UTC(1997, 0, 1), end: Date.UTC(2030, 0, 1) };

/** Joins lines with CRLF, as the RFC writes files. */
const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const calendar = (...body: string[]) =>
  ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...body, 'END:VCALENDAR');
const vevent = (...props: string[]) => ['BEGIN:VEVENT', ...props, 'END:VEVENT'];

/** An instant as wall time in a zone: '2026-11-02 09:00'. */
function local(iso: string, zone = NY): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const starts = (events: IcsBusyEvent[], zone = NY) => events.map((e) => local(e.start, zone));

function parse(text: string, options: { timezone?: string; window?: typeof WIDE } = {}) {
  return parseIcsCalendar(text, {
    timezone: options.timezone ?? NY,
    window: options.window ?? WIDE,
  });
}

describe('time zones', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    ['Europe/Paris', 'Europe/Paris'],
    ['Eastern Standard Time', 'America/New_York'],
    ['Pacific Standard Time', 'America/Los_Angeles'],
    ['US Mountain Standard Time', 'America/Phoenix'],
    ['"Central Standard Time"', 'America/Chicago'],
    ['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
    ['(UTC-07:00) Arizona', 'America/Phoenix'],
    ['/mozilla.org/20050126_1/America/New_York', 'America/New_York'],
    ['/citadel.org/20190101_1/America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Mars Standard Time', null],
    ['Customized Time Zone', null],
    ['', null],
  ])('%s is %s', (tzid, zone) => {
    expect(resolveIcsTimezone(tzid)).toBe(zone);
  });
});

describe('recurrence rules', () => {
  // RFC 5545 §3.8.5.3 examples, all starting at 09:00 America/New_York.
  const rfc = (dtstart: string, rrule: string, extra: string[] = []) =>
    starts(
      parse(
        calendar(
          ...vevent(
            'UID:rfc',
            `DTSTART;TZID=America/New_York:${dtstart}`,
            'DURATION:PT1H',
            `RRULE:${rrule}`,
            ...extra,
          ),
        ),
      ).events,
    ).map((s) => s.slice(0, 10));

  it.each<[string, string, string, string[]]>([
    [
      'daily for 10 occurrences',
      '19970902T090000',
      'FREQ=DAILY;COUNT=10',
      [
        '1997-09-02',
        '1997-09-03',
        '1997-09-04',
        '1997-09-05',
        '1997-09-06',
        '1997-09-07',
        '1997-09-08',
        '1997-09-09',
        '1997-09-10',
        '1997-09-11',
      ],
    ],
    [
      'every other day, 5 times',
      '19970902T090000',
      'FREQ=DAILY;INTERVAL=2;COUNT=5',
      ['1997-09-02', '1997-09-04', '1997-09-06', '1997-09-08', '1997-09-10'],
    ],
    [
      'every 2 weeks on Tuesday and Sunday, week starting Monday',
      '19970805T090000',
      'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO',
      ['1997-08-05', '1997-08-10', '1997-08-19', '1997-08-24'],
    ],
    [
      'the same, week starting Sunday',
      '19970805T090000',
      'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU',
      ['1997-08-05', '1997-08-17', '1997-08-19', '1997-08-31'],
    ],
    [
      'weekly on Tuesday and Thursday for five weeks (until)',
      '19970902T090000',
      'FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH',
      [
        '1997-09-02',
        '1997-09-04',
        '1997-09-09',
        '1997-09-11',
        '1997-09-16',
        '1997-09-18',
        '1997-09-23',
        '1997-09-25',
        '1997-09-30',
        '1997-10-02',
      ],
    ],
    [
      'monthly on the first Friday',
      '19970905T090000',
      'FREQ=MONTHLY;COUNT=10;BYDAY=1FR',
      [
        '1997-09-05',
        '1997-10-03',
        '1997-11-07',
        '1997-12-05',
        '1998-01-02',
        '1998-02-06',
        '1998-03-06',
        '1998-04-03',
        '1998-05-01',
        '1998-06-05',
      ],
    ],
    [
      'every other month on the first and last Sunday',
      '19970907T090000',
      'FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU',
      [
        '1997-09-07',
        '1997-09-28',
        '1997-11-02',
        '1997-11-30',
        '1998-01-04',
        '1998-01-25',
        '1998-03-01',
        '1998-03-29',
        '1998-05-03',
        '1998-05-31',
      ],
    ],
    [
      'monthly on the third-to-last day',
      '19970928T090000',
      'FREQ=MONTHLY;BYMONTHDAY=-3;COUNT=6',
      ['1997-09-28', '1997-10-29', '1997-11-28', '1997-12-29', '1998-01-29', '1998-02-26'],
    ],
    [
      'the third Tuesday, Wednesday or Thursday of the month',
      '19970904T090000',
      'FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3',
      ['1997-09-04', '1997-10-07', '1997-11-06'],
    ],
    [
      'the last weekday of the month',
      '19970930T090000',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=4',
      ['1997-09-30', '1997-10-31', '1997-11-28', '1997-12-31'],
    ],
    [
      'the 31st skips months without one',
      '19970131T090000',
      'FREQ=MONTHLY;COUNT=4',
      ['1997-01-31', '1997-03-31', '1997-05-31', '1997-07-31'],
    ],
    [
      'every Thursday in March',
      '19970313T090000',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=TH;COUNT=7',
      [
        '1997-03-13',
        '1997-03-20',
        '1997-03-27',
        '1998-03-05',
        '1998-03-12',
        '1998-03-19',
        '1998-03-26',
      ],
    ],
    [
      'yearly in June and July',
      '19970610T090000',
      'FREQ=YEARLY;COUNT=4;BYMONTH=6,7',
      ['1997-06-10', '1997-07-10', '1998-06-10', '1998-07-10'],
    ],
    [
      'every weekday (daily with BYDAY)',
      '19970905T090000',
      'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=4',
      ['1997-09-05', '1997-09-08', '1997-09-09', '1997-09-10'],
    ],
  ])('%s', (_label, dtstart, rrule, expected) => {
    expect(rfc(dtstart, rrule)).toEqual(expected);
  });

  it('runs daily until 24 December 1997: 113 occurrences (RFC 5545)', () => {
    const days = rfc('19970902T090000', 'FREQ=DAILY;UNTIL=19971224T000000Z');
    expect(days).toHaveLength(113);
    expect(days.at(-1)).toBe('1997-12-23');
  });

  it('adds RDATE occurrences and removes EXDATE ones', () => {
    expect(
      rfc('19970902T090000', 'FREQ=DAILY;COUNT=3', [
        'RDATE;TZID=America/New_York:19970910T090000',
        'EXDATE;TZID=America/New_York:19970903T090000',
      ]),
    ).toEqual(['1997-09-02', '1997-09-04', '1997-09-10']);
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    const events = parse(
      calendar(
        ...vevent(
          'UID:dst',
          'DTSTART;TZID=America/New_York:20261026T090000',
          'DTEND;TZID=America/New_York:20261026T100000',
          'RRULE:FREQ=WEEKLY;COUNT=2',
        ),
      ),
    ).events;
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ['2026-10-26T13:00:00.000Z', '2026-10-26T14:00:00.000Z'],
      ['2026-11-02T14:00:00.000Z', '2026-11-02T15:00:00.000Z'],
    ]);
  });

  it('expands a rule with no end only as far as the window', () => {
    const events = parse(
      calendar(
        ...vevent(
          'UID:forever',
          'DTSTART:20000103T150000Z',
          'DTEND:20000103T160000Z',
          'RRULE:FREQ=DAILY',
        ),
      ),
      { window: { start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 10, 8) } },
    ).events;
    expect(events.map((e) => e.start.slice(0, 10))).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
  });

  it.each([
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=WEEKLY;BYMONTH=4;BYMONTHDAY=31',
    'FREQ=DAILY;BYYEARDAY=100',
  ])(
    'keeps only the first occurrence of %s, which no day (or no walk we allow) satisfies',
    (rule) => {
      const events = parse(
        calendar(
          ...vevent('UID:never', 'DTSTART:20261201T150000Z', 'DURATION:PT30M', `RRULE:${rule}`),
        ),
      ).events;
      expect(events.map((e) => e.start)).toEqual(['2026-12-01T15:00:00.000Z']);
    },
  );

  it('walks a daily rule from long ago only near the window', () => {
    const started = performance.now();
    const events = parse(
      calendar(
        ...Array.from({ length: 40 }, (_, k) =>
          vevent(`UID:daily-${k}`, 'DTSTART:19900101T150000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY'),
        ).flat(),
      ),
      { window: { start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 10, 8) } },
    ).events;
    expect(events).toHaveLength(40 * 7);
    expect(events[0]?.start).toBe('2026-11-01T15:00:00.000Z');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('drops a line it cannot read instead of the whole calendar', () => {
    const events = parse(
      calendar(
        'X-BROKEN;PARAM:1',
        ...vevent('UID:ok', 'DTSTART:20261201T150000Z', 'DURATION:PT1H', 'a stray line'),
      ),
    ).events;
    expect(events.map((e) => e.uid)).toEqual(['ok']);
  });

  it('keeps only the first occurrence of a rule it cannot expand exactly', () => {
    const events = parse(
      calendar(
        ...vevent(
          'UID:hourly',
          'DTSTART:20261201T150000Z',
          'DURATION:PT30M',
          'RRULE:FREQ=HOURLY;COUNT=5',
        ),
      ),
    ).events;
    expect(events.map((e) => e.start)).toEqual(['2026-12-01T15:00:00.000Z']);
  });
});

const GOOGLE = ics(
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
  'X-WR-CALNAME:Theresa personal',
  'X-WR-TIMEZONE:America/New_York',
  'X-WR-RELCALID:theresa.quinn@example.com',
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'X-LIC-LOCATION:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20261102T090000',
  'DTEND;TZID=America/New_York:20261102T100000',
  'RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20261130T045959Z;BYDAY=MO,WE',
  'EXDATE;TZID=America/New_York:20261104T090000',
  'DTSTAMP:20261101T120000Z',
  'UID:7kukuqrfedlm2f9t1ndcgh0pbk@google.com',
  'CREATED:20261020T150000Z',
  'DESCRIPTION:Bring the insurance card.\\nParking on 3rd.',
  'LAST-MODIFIED:20261020T150000Z',
  'LOCATION:Smile Dental\\, 12 Main St',
  'SEQUENCE:0',
  'STATUS:CONFIRMED',
  'SUMMARY:Dentist\\, then pick up kids from a very long named after-school progr',
  ' amme at the community centre',
  'TRANSP:OPAQUE',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:This is an event reminder',
  'TRIGGER:-P0DT0H30M0S',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20261111T140000',
  'DTEND;TZID=America/New_York:20261111T150000',
  'DTSTAMP:20261101T120000Z',
  'UID:7kukuqrfedlm2f9t1ndcgh0pbk@google.com',
  'RECURRENCE-ID;TZID=America/New_York:20261111T090000',
  'SUMMARY:Dentist (moved)',
  'SEQUENCE:1',
  'STATUS:CONFIRMED',
  'TRANSP:OPAQUE',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20261123T090000',
  'DTEND;TZID=America/New_York:20261123T100000',
  'UID:7kukuqrfedlm2f9t1ndcgh0pbk@google.com',
  'RECURRENCE-ID;TZID=America/New_York:20261123T090000',
  'STATUS:CANCELLED',
  'SUMMARY:Dentist',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20261126',
  'DTEND;VALUE=DATE:20261127',
  'UID:thanksgiving@google.com',
  'SUMMARY:Family Thanksgiving',
  'TRANSP:OPAQUE',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART:20261203T150000Z',
  'DTEND:20261203T163000Z',
  'UID:utc@google.com',
  'SUMMARY:Call with the accountant',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;TZID=America/New_York:20261204T120000',
  'DTEND;TZID=America/New_York:20261204T130000',
  'UID:free@google.com',
  'SUMMARY:Lunch (free)',
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
  'END:VCALENDAR',
);

describe('a Google Calendar export', () => {
  const result = parse(GOOGLE);

  it('names the calendar', () => {
    expect(result.calendarKey).toBe('theresa.quinn@example.com');
    expect(result.calendarName).toBe('Theresa personal');
    expect(result.truncated).toBe(false);
  });

  it('expands the series with its exception, its moved and its cancelled occurrence', () => {
    const dentist = result.events.filter((e) => e.uid.startsWith('7kukuqrf'));
    expect(dentist.map((e) => [local(e.start), local(e.end), e.title])).toEqual([
      ['2026-11-02 09:00', '2026-11-02 10:00', expect.stringMatching(/^Dentist, then pick up/)],
      ['2026-11-09 09:00', '2026-11-09 10:00', expect.stringMatching(/^Dentist, then/)],
      ['2026-11-11 14:00', '2026-11-11 15:00', 'Dentist (moved)'],
      ['2026-11-16 09:00', '2026-11-16 10:00', expect.stringMatching(/^Dentist, then/)],
      ['2026-11-18 09:00', '2026-11-18 10:00', expect.stringMatching(/^Dentist, then/)],
      ['2026-11-25 09:00', '2026-11-25 10:00', expect.stringMatching(/^Dentist, then/)],
    ]);
    expect(dentist[0]?.title).toBe(
      'Dentist, then pick up kids from a very long named after-school programme at the community centre',
    );
  });

  it('reads an all-day event as midnight to midnight in the practice zone', () => {
    expect(result.events.find((e) => e.uid === 'thanksgiving@google.com')).toEqual({
      uid: 'thanksgiving@google.com',
      title: 'Family Thanksgiving',
      start: '2026-11-26T05:00:00.000Z',
      end: '2026-11-27T05:00:00.000Z',
      allDay: true,
    });
  });

  it('reads UTC times and leaves free time out', () => {
    expect(result.events.find((e) => e.uid === 'utc@google.com')).toMatchObject({
      start: '2026-12-03T15:00:00.000Z',
      end: '2026-12-03T16:30:00.000Z',
      allDay: false,
    });
    expect(result.events.some((e) => e.uid === 'free@google.com')).toBe(false);
  });

  it('returns events in start order', () => {
    const list = result.events.map((e) => e.start);
    expect(list).toEqual([...list].sort());
  });
});

const OUTLOOK = [
  'BEGIN:VCALENDAR',
  'METHOD:PUBLISH',
  'PRODID:Microsoft Exchange Server 2010',
  'VERSION:2.0',
  'X-WR-CALNAME:Calendar',
  'BEGIN:VTIMEZONE',
  'TZID:Eastern Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'DESCRIPTION:\\n',
  'RRULE:FREQ=MONTHLY;UNTIL=20270301T140000Z;INTERVAL=1;BYDAY=2TU;WKST=SU',
  'UID:040000008200E00074C5B7101A82E00800000000B0A5C4F2D6ADD901000000000000000',
  ' 010000000C3B4A3E1B2C0B74E9D4A2B4F11B2D7C1',
  'SUMMARY;LANGUAGE=en-US:Board meeting',
  'DTSTART;TZID=Eastern Standard Time:20261110T090000',
  'DTEND;TZID=Eastern Standard Time:20261110T103000',
  'CLASS:PUBLIC',
  'PRIORITY:5',
  'DTSTAMP:20261101T120000Z',
  'TRANSP:OPAQUE',
  'STATUS:CONFIRMED',
  'SEQUENCE:0',
  'LOCATION;LANGUAGE=en-US:Conference room',
  'X-MICROSOFT-CDO-APPT-SEQUENCE:0',
  'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
  'X-MICROSOFT-CDO-INTENDEDSTATUS:BUSY',
  'X-MICROSOFT-CDO-ALLDAYEVENT:FALSE',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY;LANGUAGE=en-US:Vacation day',
  'DTSTART;VALUE=DATE:20261224',
  'DTEND;VALUE=DATE:20261226',
  'UID:040000008200E00074C5B7101A82E008000000002',
  'TRANSP:OPAQUE',
  'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
  'X-MICROSOFT-CDO-BUSYSTATUS:OOF',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:Focus time',
  'DTSTART;TZID=Eastern Standard Time:20261112T130000',
  'DTEND;TZID=Eastern Standard Time:20261112T140000',
  'UID:040000008200E00074C5B7101A82E008000000003',
  'TRANSP:TRANSPARENT',
  'X-MICROSOFT-CDO-BUSYSTATUS:FREE',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:Cancelled: Lunch with Sam',
  'DTSTART;TZID=Eastern Standard Time:20261113T120000',
  'DTEND;TZID=Eastern Standard Time:20261113T130000',
  'UID:040000008200E00074C5B7101A82E008000000004',
  'STATUS:CANCELLED',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:Supervision',
  'DTSTART;TZID="(UTC-06:00) Central Time (US & Canada)":20261201T080000',
  'DTEND;TZID="(UTC-06:00) Central Time (US & Canada)":20261201T090000',
  'UID:040000008200E00074C5B7101A82E008000000005',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:Custom zone',
  'DTSTART;TZID=Customized Time Zone:20261202T080000',
  'DTEND;TZID=Customized Time Zone:20261202T090000',
  'UID:040000008200E00074C5B7101A82E008000000006',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\n');

describe('an Outlook / Exchange calendar (Windows zone names, LF line endings)', () => {
  const result = parse(OUTLOOK, { timezone: 'America/Chicago' });

  it('expands the second Tuesday of each month until March, in Eastern time', () => {
    const board = result.events.filter((e) => e.title === 'Board meeting');
    expect(board.map((e) => [local(e.start), local(e.end)])).toEqual([
      ['2026-11-10 09:00', '2026-11-10 10:30'],
      ['2026-12-08 09:00', '2026-12-08 10:30'],
      ['2027-01-12 09:00', '2027-01-12 10:30'],
      ['2027-02-09 09:00', '2027-02-09 10:30'],
    ]);
    expect(board[0]?.uid).toBe(
      '040000008200E00074C5B7101A82E00800000000B0A5C4F2D6ADD901000000000000000010000000C3B4A3E1B2C0B74E9D4A2B4F11B2D7C1',
    );
  });

  it('reads a two-day all-day event in the practice zone', () => {
    expect(result.events.find((e) => e.title === 'Vacation day')).toMatchObject({
      start: '2026-12-24T06:00:00.000Z',
      end: '2026-12-26T06:00:00.000Z',
      allDay: true,
    });
  });

  it('skips free and cancelled events', () => {
    expect(result.events.map((e) => e.title)).not.toContain('Focus time');
    expect(result.events.map((e) => e.title)).not.toContain('Cancelled: Lunch with Sam');
  });

  it('maps display names and reads an unknown zone in the practice zone', () => {
    expect(result.events.find((e) => e.title === 'Supervision')?.start).toBe(
      '2026-12-01T14:00:00.000Z',
    );
    expect(
      local(result.events.find((e) => e.title === 'Custom zone')?.start ?? '', 'America/Chicago'),
    ).toBe('2026-12-02 08:00');
    expect(result.calendarKey).toBeNull();
  });
});

describe('other shapes', () => {
  it('reads floating times in the X-WR-TIMEZONE, else in the practice zone', () => {
    const body = vevent('UID:f', 'DTSTART:20261203T090000', 'DTEND:20261203T100000', 'SUMMARY:F');
    expect(parse(calendar('X-WR-TIMEZONE:America/Los_Angeles', ...body)).events[0]?.start).toBe(
      '2026-12-03T17:00:00.000Z',
    );
    expect(parse(calendar(...body), { timezone: 'America/Chicago' }).events[0]?.start).toBe(
      '2026-12-03T15:00:00.000Z',
    );
  });

  it.each<[string, string[], [string, string] | null]>([
    [
      'a date with no end lasts a day',
      ['DTSTART;VALUE=DATE:20261207'],
      ['2026-12-07T05:00:00.000Z', '2026-12-08T05:00:00.000Z'],
    ],
    [
      'a DURATION of days on a date',
      ['DTSTART;VALUE=DATE:20261207', 'DURATION:P2D'],
      ['2026-12-07T05:00:00.000Z', '2026-12-09T05:00:00.000Z'],
    ],
    ['a date-time with no end takes no time', ['DTSTART:20261207T150000Z'], null],
    [
      'an end before the start is not busy',
      ['DTSTART:20261207T150000Z', 'DTEND:20261207T140000Z'],
      null,
    ],
    ['no start at all', ['SUMMARY:Nothing'], null],
  ])('%s', (_label, props, expected) => {
    const events = parse(calendar(...vevent('UID:x', ...props))).events;
    expect(events.length ? [events[0]?.start, events[0]?.end] : null).toEqual(expected);
  });

  it('removes an occurrence whose override is cancelled, and reads an all-day EXDATE', () => {
    const events = parse(
      calendar(
        ...vevent(
          'UID:s',
          'DTSTART;VALUE=DATE:20261207',
          'RRULE:FREQ=DAILY;COUNT=4',
          'EXDATE;VALUE=DATE:20261208',
        ),
        ...vevent(
          'UID:s',
          'RECURRENCE-ID;VALUE=DATE:20261209',
          'DTSTART;VALUE=DATE:20261209',
          'STATUS:CANCELLED',
        ),
      ),
    ).events;
    expect(events.map((e) => local(e.start).slice(0, 10))).toEqual(['2026-12-07', '2026-12-10']);
  });

  it('keeps only events touching the window', () => {
    const events = parse(
      calendar(
        ...vevent('UID:a', 'DTSTART:20261130T230000Z', 'DTEND:20261201T010000Z'),
        ...vevent('UID:b', 'DTSTART:20261201T000000Z', 'DTEND:20261201T010000Z'),
        ...vevent('UID:c', 'DTSTART:20261130T220000Z', 'DTEND:20261201T000000Z'),
        ...vevent('UID:d', 'DTSTART:20261202T000000Z', 'DTEND:20261202T010000Z'),
      ),
      { window: { start: Date.UTC(2026, 11, 1), end: Date.UTC(2026, 11, 2) } },
    ).events;
    expect(events.map((e) => e.uid)).toEqual(['a', 'b']);
  });

  it('returns at most maxEvents, the earliest, and says so', () => {
    const result = parseIcsCalendar(
      calendar(
        ...vevent(
          'UID:d',
          'DTSTART:20261201T150000Z',
          'DURATION:PT1H',
          'RRULE:FREQ=DAILY;COUNT=50',
        ),
      ),
      { timezone: NY, window: WIDE, maxEvents: 10 },
    );
    expect(result.events).toHaveLength(10);
    expect(result.events[0]?.start).toBe('2026-12-01T15:00:00.000Z');
    expect(result.truncated).toBe(true);
  });

  it('gives an event without a UID its own', () => {
    const events = parse(
      calendar(
        ...vevent('DTSTART:20261201T150000Z', 'DURATION:PT1H'),
        ...vevent('DTSTART:20261202T150000Z', 'DURATION:PT1H'),
      ),
    ).events;
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body>Sign in</body></html>'],
    ['an empty answer', ''],
    ['JSON', '{"events":[]}'],
    ['a vCard', 'BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n'],
  ])('refuses %s', (_label, text) => {
    expect(() => parse(text)).toThrow(IcsError);
    expect(() => parse(text)).toThrow(ICS_NOT_A_CALENDAR);
  });

  it('reads a calendar with no events', () => {
    expect(parse(calendar()).events).toEqual([]);
  });
});
