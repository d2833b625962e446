import { describe, expect, it } from 'vitest';
import {
  blockServesMode,
  isOfferedDuration,
  openSlots,
  type BusyInterval,
  type OpenSlotBlock,
  type OpenSlotRules,
} from './open-slots.ts';
import { formatZonedTime, instantOfZonedDateTime } from './zoned-time.ts';

const NY = 'America/New_York';

/** The instant New York clocks show 'YYYY-MM-DDTHH:mm'. */
const ny = (value: string) => {
  const at = instantOfZonedDateTime(value, NY);
  if (!at) throw new Error(`not a New York time: ${value}`);
  return at;
};

/** A Wednesday well away from any clock change. */
const DAY = '2026-06-17';
const at = (clock: string) => ny(`${DAY}T${clock}`);

const block = (overrides: Partial<OpenSlotBlock> = {}): OpenSlotBlock => ({
  therapistId: 1,
  start: at('09:00'),
  end: at('12:00'),
  scheduleEvery: 60,
  locationId: 7,
  inPersonEnabled: true,
  teletherapyEnabled: true,
  onlineScheduling: true,
  ...overrides,
});

const busy = (start: string, end: string, therapistId = 1): BusyInterval => ({
  therapistId,
  start: at(start),
  end: at(end),
});

const rules = (overrides: Partial<OpenSlotRules> = {}): OpenSlotRules => ({
  durationMinutes: 60,
  mode: 'any',
  onlineOnly: false,
  now: ny('2026-06-01T00:00'),
  ...overrides,
});

/** The slots' starts on New York clocks ('9:00 AM'). */
const clocks = (slots: readonly { start: string }[]) =>
  slots.map((s) => formatZonedTime(s.start, NY));

describe('openSlots: stepping and fitting', () => {
  it.each([
    {
      name: 'hourly, an hour long',
      every: 60,
      minutes: 60,
      end: '12:00',
      want: ['9:00 AM', '10:00 AM', '11:00 AM'],
    },
    {
      name: 'every 30, an hour long',
      every: 30,
      minutes: 60,
      end: '12:00',
      want: ['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM'],
    },
    {
      name: '45 minutes on the hour',
      every: 60,
      minutes: 45,
      end: '12:00',
      want: ['9:00 AM', '10:00 AM', '11:00 AM'],
    },
    {
      name: 'a block ending off the step',
      every: 60,
      minutes: 60,
      end: '11:30',
      want: ['9:00 AM', '10:00 AM'],
    },
    { name: 'a length the block cannot hold', every: 60, minutes: 195, end: '12:00', want: [] },
    { name: 'the whole block', every: 60, minutes: 180, end: '12:00', want: ['9:00 AM'] },
    {
      name: 'every 15, 90 minutes',
      every: 15,
      minutes: 90,
      end: '11:00',
      want: ['9:00 AM', '9:15 AM', '9:30 AM'],
    },
  ])('$name', ({ every, minutes, end, want }) => {
    const slots = openSlots(
      [block({ scheduleEvery: every, end: at(end) })],
      [],
      rules({ durationMinutes: minutes }),
    );
    expect(clocks(slots)).toEqual(want);
  });

  it('gives each slot its end, location and therapist', () => {
    const [first] = openSlots([block()], [], rules({ durationMinutes: 45 }));
    expect(first).toEqual({
      therapistId: 1,
      start: '2026-06-17T13:00:00.000Z',
      end: '2026-06-17T13:45:00.000Z',
      locationId: 7,
      inPerson: true,
      telehealth: true,
    });
  });

  it.each([
    { name: 'no length', minutes: 0 },
    { name: 'a negative length', minutes: -30 },
    { name: 'a length that is not a number', minutes: Number.NaN },
  ])('gives nothing for $name', ({ minutes }) => {
    expect(openSlots([block()], [], rules({ durationMinutes: minutes }))).toEqual([]);
  });

  it('skips a block with no step or unreadable times', () => {
    const slots = openSlots(
      [
        block({ scheduleEvery: 0 }),
        block({ start: 'soon', end: at('12:00') }),
        block({ start: at('12:00'), end: at('11:00') }),
      ],
      [],
      rules(),
    );
    expect(slots).toEqual([]);
  });
});

describe('openSlots: busy time', () => {
  it.each([
    {
      name: 'an appointment in the middle',
      taken: [busy('10:00', '11:00')],
      want: ['9:00 AM', '11:00 AM'],
    },
    {
      name: 'a short meeting inside a slot',
      taken: [busy('10:15', '10:30')],
      want: ['9:00 AM', '11:00 AM'],
    },
    {
      name: 'time ending as a slot starts (back to back is free)',
      taken: [busy('08:00', '09:00')],
      want: ['9:00 AM', '10:00 AM', '11:00 AM'],
    },
    {
      name: 'time starting as a slot ends',
      taken: [busy('12:00', '13:00')],
      want: ['9:00 AM', '10:00 AM', '11:00 AM'],
    },
    {
      name: 'time overlapping the block start',
      taken: [busy('08:30', '09:01')],
      want: ['10:00 AM', '11:00 AM'],
    },
    { name: 'a whole-day out of office', taken: [busy('00:00', '23:59')], want: [] },
    {
      name: 'another therapist’s appointment',
      taken: [busy('09:00', '12:00', 2)],
      want: ['9:00 AM', '10:00 AM', '11:00 AM'],
    },
    {
      name: 'busy time given out of order',
      taken: [busy('11:00', '12:00'), busy('09:00', '10:00')],
      want: ['10:00 AM'],
    },
    {
      name: 'an unreadable busy interval (ignored)',
      taken: [{ therapistId: 1, start: 'x', end: at('12:00') }],
      want: ['9:00 AM', '10:00 AM', '11:00 AM'],
    },
  ])('$name', ({ taken, want }) => {
    expect(clocks(openSlots([block()], taken, rules()))).toEqual(want);
  });

  it('with a 30-minute step, keeps the half hours around a short booking', () => {
    const slots = openSlots([block({ scheduleEvery: 30 })], [busy('10:15', '10:30')], rules());
    expect(clocks(slots)).toEqual(['9:00 AM', '10:30 AM', '11:00 AM']);
  });
});

describe('openSlots: the past and the window', () => {
  it.each([
    { name: 'before the day', now: '08:00', want: ['9:00 AM', '10:00 AM', '11:00 AM'] },
    { name: 'exactly at a start (still bookable)', now: '10:00', want: ['10:00 AM', '11:00 AM'] },
    { name: 'in the middle of a slot', now: '10:30', want: ['11:00 AM'] },
    { name: 'after the block', now: '12:00', want: [] },
  ])('now $name', ({ now, want }) => {
    expect(clocks(openSlots([block()], [], rules({ now: at(now) })))).toEqual(want);
  });

  it('accepts now as a Date', () => {
    expect(clocks(openSlots([block()], [], rules({ now: new Date(at('10:30')) })))).toEqual([
      '11:00 AM',
    ]);
  });

  it.each([
    { name: 'starting mid-block', from: '10:00', to: '23:00', want: ['10:00 AM', '11:00 AM'] },
    {
      name: 'ending mid-block (a slot may end after it)',
      from: '00:00',
      to: '10:30',
      want: ['9:00 AM', '10:00 AM'],
    },
    {
      name: 'ending at a start (exclusive)',
      from: '00:00',
      to: '11:00',
      want: ['9:00 AM', '10:00 AM'],
    },
  ])('a window $name', ({ from, to, want }) => {
    const slots = openSlots([block()], [], rules({ window: { from: at(from), to: at(to) } }));
    expect(clocks(slots)).toEqual(want);
  });
});

describe('openSlots: in person, telehealth and online booking', () => {
  it.each([
    { mode: 'any', inPerson: true, tele: false, want: { inPerson: true, telehealth: false } },
    { mode: 'any', inPerson: false, tele: true, want: { inPerson: false, telehealth: true } },
    { mode: 'any', inPerson: true, tele: true, want: { inPerson: true, telehealth: true } },
    { mode: 'any', inPerson: false, tele: false, want: null },
    { mode: 'inPerson', inPerson: true, tele: true, want: { inPerson: true, telehealth: false } },
    { mode: 'inPerson', inPerson: false, tele: true, want: null },
    { mode: 'telehealth', inPerson: true, tele: true, want: { inPerson: false, telehealth: true } },
    { mode: 'telehealth', inPerson: true, tele: false, want: null },
  ] as const)(
    '$mode on a block in person $inPerson, telehealth $tele',
    ({ mode, inPerson, tele, want }) => {
      const slots = openSlots(
        [block({ inPersonEnabled: inPerson, teletherapyEnabled: tele })],
        [],
        rules({ mode }),
      );
      if (want === null) expect(slots).toEqual([]);
      else {
        expect(slots).toHaveLength(3);
        for (const s of slots)
          expect({ inPerson: s.inPerson, telehealth: s.telehealth }).toEqual(want);
      }
    },
  );

  it.each([
    { onlineOnly: false, online: false, serves: true },
    { onlineOnly: false, online: true, serves: true },
    { onlineOnly: true, online: false, serves: false },
    { onlineOnly: true, online: true, serves: true },
  ])(
    'online only $onlineOnly, block online $online → $serves',
    ({ onlineOnly, online, serves }) => {
      const b = block({ onlineScheduling: online });
      expect(blockServesMode(b, { mode: 'any', onlineOnly })).toBe(serves);
      expect(openSlots([b], [], rules({ onlineOnly })).length > 0).toBe(serves);
    },
  );
});

describe('openSlots: several blocks and therapists', () => {
  it('sorts by start, then therapist', () => {
    const slots = openSlots(
      [
        block({ therapistId: 2, start: at('10:00'), end: at('12:00') }),
        block({ therapistId: 1, start: at('14:00'), end: at('15:00') }),
        block({ therapistId: 1, start: at('10:00'), end: at('11:00') }),
      ],
      [busy('10:00', '11:00', 3)],
      rules(),
    );
    expect(slots.map((s) => [s.therapistId, formatZonedTime(s.start, NY)])).toEqual([
      [1, '10:00 AM'],
      [2, '10:00 AM'],
      [2, '11:00 AM'],
      [1, '2:00 PM'],
    ]);
  });

  it('lists a start two blocks share once, joining the modes at one location', () => {
    const slots = openSlots(
      [
        block({ inPersonEnabled: true, teletherapyEnabled: false }),
        block({
          start: at('10:00'),
          end: at('13:00'),
          inPersonEnabled: false,
          teletherapyEnabled: true,
        }),
      ],
      [],
      rules(),
    );
    expect(slots.map((s) => [formatZonedTime(s.start, NY), s.inPerson, s.telehealth])).toEqual([
      ['9:00 AM', true, false],
      ['10:00 AM', true, true],
      ['11:00 AM', true, true],
      ['12:00 PM', false, true],
    ]);
  });

  it('keeps the earlier block’s location when two locations offer the same start', () => {
    const slots = openSlots(
      [
        block({ start: at('10:00'), end: at('11:00'), locationId: 8 }),
        block({ locationId: 7, end: at('11:00') }),
      ],
      [],
      rules(),
    );
    expect(slots.map((s) => [formatZonedTime(s.start, NY), s.locationId])).toEqual([
      ['9:00 AM', 7],
      ['10:00 AM', 7],
    ]);
  });
});

describe('openSlots: daylight-saving days in New York', () => {
  it('a 9 to 5 day on the spring change is eight hours on the new clocks', () => {
    // 8 March 2026: clocks go from 2:00 EST to 3:00 EDT.
    const day = block({ start: ny('2026-03-08T09:00'), end: ny('2026-03-08T17:00') });
    expect(day.start).toBe('2026-03-08T13:00:00.000Z');
    const slots = openSlots([day], [], rules({ now: ny('2026-03-01T00:00') }));
    expect(clocks(slots)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ]);
  });

  it('a block across the skipped hour steps in real time (midnight to 5 is four hours)', () => {
    const night = block({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-08T09:00:00.000Z' });
    const slots = openSlots([night], [], rules({ now: ny('2026-03-01T00:00') }));
    expect(clocks(slots)).toEqual(['12:00 AM', '1:00 AM', '3:00 AM', '4:00 AM']);
  });

  it('a block across the repeated hour has it twice (midnight to 5 is six hours)', () => {
    // 1 November 2026: clocks go from 2:00 EDT back to 1:00 EST.
    const night = block({ start: '2026-11-01T04:00:00.000Z', end: '2026-11-01T10:00:00.000Z' });
    const slots = openSlots([night], [], rules({ now: ny('2026-10-25T00:00') }));
    expect(clocks(slots)).toEqual([
      '12:00 AM',
      '1:00 AM',
      '1:00 AM',
      '2:00 AM',
      '3:00 AM',
      '4:00 AM',
    ]);
    expect(slots[1]?.start).toBe('2026-11-01T05:00:00.000Z');
    expect(slots[2]?.start).toBe('2026-11-01T06:00:00.000Z');
  });

  it('a 9 to 5 day after the autumn change keeps its New York hours', () => {
    const day = block({ start: ny('2026-11-02T09:00'), end: ny('2026-11-02T17:00') });
    expect(day.start).toBe('2026-11-02T14:00:00.000Z');
    // 105 minutes from 3:00 PM ends at 4:45, inside the block; 4:00 PM would not fit.
    const slots = openSlots(
      [day],
      [],
      rules({ now: ny('2026-10-25T00:00'), durationMinutes: 105 }),
    );
    expect(clocks(slots)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
    ]);
  });

  it('busy time across the change is compared as instants', () => {
    const night = block({ start: '2026-11-01T04:00:00.000Z', end: '2026-11-01T10:00:00.000Z' });
    // The first 1:00 (EDT) is taken; the second (EST) is free.
    const taken: BusyInterval[] = [
      { therapistId: 1, start: '2026-11-01T05:00:00.000Z', end: '2026-11-01T06:00:00.000Z' },
    ];
    const slots = openSlots([night], taken, rules({ now: ny('2026-10-25T00:00') }));
    expect(slots.map((s) => s.start)).not.toContain('2026-11-01T05:00:00.000Z');
    expect(slots.map((s) => s.start)).toContain('2026-11-01T06:00:00.000Z');
  });
});

describe('isOfferedDuration', () => {
  it.each([
    [15, true],
    [60, true],
    [105, true],
    [0, false],
    [10, false],
    [50, false],
    [120, false],
    [60.5, false],
  ])('%d minutes → %s', (minutes, offered) => {
    expect(isOfferedDuration(minutes)).toBe(offered);
  });
});
