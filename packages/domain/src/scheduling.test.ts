import { describe, expect, it } from 'vitest';
import { hasRole } from './roles.ts';
import {
  applyProductChoice,
  availabilityModesAt,
  calendarReach,
  capTherapistSelection,
  defaultMeetingEventName,
  durationOptionsWith,
  isAllowedTelehealthPos,
  isAvailabilityLookupRangeAllowed,
  isProductSuitedToClient,
  isSchedulingRequestValid,
  nextAppointmentWarnings,
  offeredDurations,
  REPEAT_OCCURRENCES_MESSAGE,
  repeatPayload,
  repeatProblem,
  suggestProduct,
  type AppointmentSettings,
  type AvailabilityBlock,
  type ProductChoice,
  type ProductSuggestionFacts,
  type RepeatEnd,
  type RepeatFrequency,
  type SchedulingDialogState,
  type SchedulingRequestType,
  type TelehealthEligibility,
} from './scheduling.ts';
import { SERIES_TOO_LONG, SERIES_UNTIL_BEFORE_START } from './series.ts';

const appointment: SchedulingDialogState = {
  requestType: 'Appointment',
  clientId: 12,
  product: { duration: 60 },
  conflictCount: 0,
  allowDoubleBooking: false,
  busy: false,
};

describe('isSchedulingRequestValid', () => {
  it.each<[string, Partial<SchedulingDialogState>, boolean]>([
    ['complete appointment', {}, true],
    ['appointment with string client id', { clientId: 'abc' }, true],
    ['appointment without client', { clientId: null }, false],
    ['appointment with empty client id', { clientId: '' }, false],
    ['appointment without product', { product: null }, false],
    ['appointment product without duration', { product: { duration: null } }, false],
    ['appointment product with zero duration', { product: { duration: 0 } }, false],
    [
      'meeting needs no client or product',
      { requestType: 'Meeting', clientId: null, product: null },
      true,
    ],
    [
      'out of office needs no client or product',
      { requestType: 'Out of Office', clientId: undefined, product: undefined },
      true,
    ],
    ['conflict without double booking', { conflictCount: 1 }, false],
    ['conflict with double booking allowed', { conflictCount: 2, allowDoubleBooking: true }, true],
    ['meeting with conflict', { requestType: 'Meeting', conflictCount: 1 }, false],
    ['busy', { busy: true }, false],
    ['busy meeting', { requestType: 'Meeting', busy: true }, false],
  ])('%s -> %s', (_label, change, expected) => {
    expect(isSchedulingRequestValid({ ...appointment, ...change })).toBe(expected);
  });
});

describe('offeredDurations', () => {
  it('offers 15 to 105 minutes in 15-minute steps', () => {
    expect(offeredDurations().map((d) => d.minutes)).toEqual([15, 30, 45, 60, 75, 90, 105]);
  });

  it.each([
    [0, '15 minutes'],
    [3, '60 minutes'],
    [6, '105 minutes'],
  ])('option %d is labelled %s', (index, label) => {
    expect(offeredDurations()[index]?.label).toBe(label);
  });
});

describe('defaultMeetingEventName', () => {
  it.each<[SchedulingRequestType, string]>([
    ['Out of Office', 'Out of Office'],
    ['Meeting', 'Meeting / Busy'],
    ['Appointment', 'Meeting / Busy'],
  ])('%s -> %s', (type, expected) => {
    expect(defaultMeetingEventName(type)).toBe(expected);
  });
});

describe('isAllowedTelehealthPos', () => {
  it.each<[string | null | undefined, boolean]>([
    ['02', true],
    ['10', true],
    ['11', true],
    ['2', false],
    ['12', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (pos, expected) => {
    expect(isAllowedTelehealthPos(pos)).toBe(expected);
  });
});

describe('capTherapistSelection', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it.each<[number, number | undefined, number, boolean]>([
    [0, undefined, 0, false],
    [16, undefined, 16, false],
    [17, undefined, 16, true],
    [40, undefined, 16, true],
    [3, 2, 2, true],
  ])('%d chosen (limit %s) keeps %d, tooMany %s', (count, limit, kept, tooMany) => {
    const result = capTherapistSelection(ids(count), limit);
    expect(result.selection).toEqual(ids(kept));
    expect(result.tooMany).toBe(tooMany);
  });
});

describe('isAvailabilityLookupRangeAllowed', () => {
  it.each<[string | Date, string | Date, boolean]>([
    ['2024-03-03', '2024-03-03', true],
    ['2024-03-03', '2024-03-10', true],
    ['2024-03-03T00:00:00', '2024-03-10T00:00:00', true],
    ['2024-03-03T00:00:00', '2024-03-10T00:00:01', false],
    ['2024-03-03', '2024-03-11', false],
    ['2024-03-10', '2024-03-03', false],
    // Weeks that cross the daylight-saving changes are still 7 days.
    ['2024-03-10T00:00:00', '2024-03-17T00:00:00', true],
    ['2024-11-03T00:00:00', '2024-11-10T00:00:00', true],
    [new Date(2024, 0, 1), new Date(2024, 0, 8), true],
    ['nonsense', '2024-03-03', false],
  ])('%j to %j -> %s', (start, end, expected) => {
    expect(isAvailabilityLookupRangeAllowed(start, end)).toBe(expected);
  });
});

describe('calendarReach', () => {
  it('gives practice-wide roles every calendar, therapists their own, others none', () => {
    expect(calendarReach(['customer.scheduler', 'customer.frontoffice'])).toBe('practice');
    expect(calendarReach(['customer.therapist', 'customer.therapist.financial'])).toBe('own');
    expect(calendarReach(['customer.owner', 'customer.therapist'])).toBe('practice');
    expect(calendarReach(['customer.phisupervisor'])).toBe('none');
  });

  it.each<string[]>([
    ['customer.owner'],
    ['customer.manager'],
    ['customer.frontoffice', 'customer.scheduler'],
    ['customer.frontoffice', 'customer.biller'],
    ['customer.frontoffice'],
    ['customer.therapist'],
    ['customer.phisupervisor'],
    ['customer.staffadministrator'],
    ['customer.remotetherapist'],
    ['patient.patient'],
  ])('the calendar role is exactly a reach other than none: %j', (...authorities) => {
    expect(hasRole(authorities, 'calendar')).toBe(calendarReach(authorities) !== 'none');
  });
});

describe('isProductSuitedToClient', () => {
  it.each<[boolean, boolean, boolean]>([
    [false, false, true],
    [true, true, true],
    [true, false, false],
    [false, true, false],
  ])('group product %s for group client %s -> %s', (productGroup, clientGroup, expected) => {
    expect(isProductSuitedToClient({ isGroup: productGroup }, { isGroup: clientGroup })).toBe(
      expected,
    );
  });
});

describe('suggestProduct', () => {
  const facts: ProductSuggestionFacts = {
    offeredProductIds: [1, 2, 3, 4],
    lastAppointmentProductId: null,
    therapistDefaultProductId: null,
    practiceDefaultProductIds: [],
  };
  it.each<[string, Partial<ProductSuggestionFacts>, ReturnType<typeof suggestProduct>]>([
    ['nothing known', {}, null],
    [
      'the last appointment wins',
      { lastAppointmentProductId: 2, therapistDefaultProductId: 3, practiceDefaultProductIds: [4] },
      { productId: 2, findType: 'last_appointment' },
    ],
    [
      'then the primary CPT code',
      { therapistDefaultProductId: 3, practiceDefaultProductIds: [4] },
      { productId: 3, findType: 'primary_cpt' },
    ],
    [
      'then the practice default',
      { practiceDefaultProductIds: [4] },
      { productId: 4, findType: 'default_product' },
    ],
    [
      'a last product no longer offered falls through',
      { lastAppointmentProductId: 9, therapistDefaultProductId: 3 },
      { productId: 3, findType: 'primary_cpt' },
    ],
    [
      'a primary CPT not offered falls through to the default',
      { therapistDefaultProductId: 9, practiceDefaultProductIds: [9, 1] },
      { productId: 1, findType: 'default_product' },
    ],
    ['nothing offered', { offeredProductIds: [], practiceDefaultProductIds: [1] }, null],
  ])('%s', (_label, change, expected) => {
    expect(suggestProduct({ ...facts, ...change })).toEqual(expected);
  });
});

describe('applyProductChoice', () => {
  const current: AppointmentSettings = { duration: 60, telehealth: false, telehealthPos: '02' };
  const option: ProductChoice = { duration: 45, is_telehealth: false, telehealth_pos: null };
  const eligible: TelehealthEligibility = {
    hasTelehealth: true,
    allowedPos: ['02', '10', '11'],
    onlyTelehealthAvailability: false,
  };
  it.each<
    [
      string,
      Partial<ProductChoice>,
      Partial<TelehealthEligibility>,
      Partial<AppointmentSettings>,
      AppointmentSettings,
    ]
  >([
    ['takes the duration', {}, {}, {}, { duration: 45, telehealth: false, telehealthPos: '02' }],
    [
      'keeps the duration when the product has none',
      { duration: null },
      {},
      {},
      { duration: 60, telehealth: false, telehealthPos: '02' },
    ],
    [
      'telehealth product turns telehealth on',
      { is_telehealth: true, telehealth_pos: '10' },
      {},
      {},
      { duration: 45, telehealth: true, telehealthPos: '10' },
    ],
    [
      'only telehealth availability turns it on',
      {},
      { onlyTelehealthAvailability: true },
      {},
      { duration: 45, telehealth: true, telehealthPos: '02' },
    ],
    [
      'not when the therapist has no telehealth',
      { is_telehealth: true, telehealth_pos: '10' },
      { hasTelehealth: false, allowedPos: [] },
      {},
      { duration: 45, telehealth: false, telehealthPos: '02' },
    ],
    [
      'a place of service outside the allowed list is ignored',
      { is_telehealth: true, telehealth_pos: '11' },
      { allowedPos: ['02', '10'] },
      {},
      { duration: 45, telehealth: true, telehealthPos: '02' },
    ],
    [
      'an unknown place of service is ignored',
      { telehealth_pos: '99' },
      {},
      { telehealthPos: '10' },
      { duration: 45, telehealth: false, telehealthPos: '10' },
    ],
    [
      'a non-telehealth product does not switch telehealth off',
      {},
      {},
      { telehealth: true },
      { duration: 45, telehealth: true, telehealthPos: '02' },
    ],
  ])('%s', (_label, choice, eligibility, now, expected) => {
    expect(
      applyProductChoice(
        { ...current, ...now },
        { ...option, ...choice },
        {
          ...eligible,
          ...eligibility,
        },
      ),
    ).toEqual(expected);
  });
});

describe('durationOptionsWith', () => {
  it.each<[number | null, number[]]>([
    [null, [15, 30, 45, 60, 75, 90, 105]],
    [60, [15, 30, 45, 60, 75, 90, 105]],
    [50, [15, 30, 45, 50, 60, 75, 90, 105]],
    [120, [15, 30, 45, 60, 75, 90, 105, 120]],
    [0, [15, 30, 45, 60, 75, 90, 105]],
    [12.5, [15, 30, 45, 60, 75, 90, 105]],
  ])('current %s -> %j', (current, minutes) => {
    const options = durationOptionsWith(current);
    expect(options.map((o) => o.minutes)).toEqual(minutes);
    for (const o of options) expect(o.label).toBe(`${o.minutes} minutes`);
  });
});

describe('availabilityModesAt', () => {
  const block = (start: string, end: string, inPerson: boolean, telehealth: boolean) => ({
    start: `2026-03-02T${start}:00.000Z`,
    end: `2026-03-02T${end}:00.000Z`,
    inPerson,
    telehealth,
  });
  it.each<[string, AvailabilityBlock[], string, [boolean, boolean, boolean]]>([
    ['no availability', [], '10:00', [false, false, false]],
    ['in person only', [block('09:00', '12:00', true, false)], '10:00', [false, true, false]],
    ['telehealth only', [block('09:00', '12:00', false, true)], '10:00', [true, false, true]],
    ['both in one block', [block('09:00', '12:00', true, true)], '10:00', [true, true, false]],
    [
      'both from two blocks',
      [block('09:00', '12:00', false, true), block('10:00', '11:00', true, false)],
      '10:30',
      [true, true, false],
    ],
    [
      'the end is exclusive',
      [block('09:00', '10:00', false, true)],
      '10:00',
      [false, false, false],
    ],
    [
      'the start is inclusive',
      [block('10:00', '11:00', false, true)],
      '10:00',
      [true, false, true],
    ],
  ])('%s', (_label, blocks, time, [tele, inPerson, only]) => {
    expect(availabilityModesAt(blocks, `2026-03-02T${time}:00.000Z`)).toEqual({
      telehealthAvailability: tele,
      inPersonAvailability: inPerson,
      onlyTelehealthAvailability: only,
    });
  });

  it('finds nothing for an unreadable start', () => {
    expect(availabilityModesAt([block('09:00', '12:00', false, true)], 'nonsense')).toEqual({
      telehealthAvailability: false,
      inPersonAvailability: false,
      onlyTelehealthAvailability: false,
    });
  });
});

describe('nextAppointmentWarnings', () => {
  const zone = 'America/New_York';
  // Wed 3/18/2026 9:00 AM in New York (EDT, UTC-4).
  const next = {
    start: '2026-03-18T13:00:00.000Z',
    end: '2026-03-18T14:00:00.000Z',
    therapistId: 1,
    therapistName: 'Theresa Quinn',
  };
  const AT_THIS_TIME =
    'The client already has an appointment at this time (Wed 3/18/2026 9:00 AM).';
  const THAT_DAY = 'The client already has an appointment that day (Wed 3/18/2026 9:00 AM).';
  const OTHER = "The client's next appointment is with Theresa Quinn.";
  it.each<[string, string, number, number, string[]]>([
    ['another day, same therapist', '2026-03-25T13:00:00.000Z', 60, 1, []],
    ['another day, other therapist', '2026-03-25T13:00:00.000Z', 60, 2, [OTHER]],
    ['same day, later', '2026-03-18T18:00:00.000Z', 60, 1, [THAT_DAY]],
    ['back to back is not an overlap', '2026-03-18T14:00:00.000Z', 60, 1, [THAT_DAY]],
    ['overlapping', '2026-03-18T13:30:00.000Z', 60, 1, [AT_THIS_TIME]],
    ['ending inside it', '2026-03-18T12:30:00.000Z', 45, 2, [AT_THIS_TIME, OTHER]],
    ['zero duration inside it', '2026-03-18T13:15:00.000Z', 0, 1, [AT_THIS_TIME]],
    // 11:30 PM in New York on 3/18 is already 3/19 in UTC: still the same practice day.
    ['same practice day across UTC midnight', '2026-03-19T03:30:00.000Z', 60, 1, [THAT_DAY]],
    // 1:00 AM UTC on 3/18 is 3/17 in New York.
    ['the day before on the practice clock', '2026-03-18T01:00:00.000Z', 60, 1, []],
  ])('%s', (_label, start, durationMinutes, therapistId, expected) => {
    expect(nextAppointmentWarnings(next, { start, durationMinutes, therapistId }, zone)).toEqual(
      expected,
    );
  });
});

describe('repeatProblem and repeatPayload', () => {
  const after = (occurrences: number): RepeatEnd => ({ kind: 'after', occurrences });
  const on = (untilDate: string): RepeatEnd => ({ kind: 'on', untilDate });
  it.each<[RepeatFrequency, RepeatEnd, string | null]>([
    ['none', after(0), null],
    ['weekly', after(1), null],
    ['weekly', after(52), null],
    ['weekly', after(0), REPEAT_OCCURRENCES_MESSAGE],
    ['weekly', after(53), REPEAT_OCCURRENCES_MESSAGE],
    ['everyOtherWeek', after(2.5), REPEAT_OCCURRENCES_MESSAGE],
    ['weekly', on('2026-03-07'), null],
    ['weekly', on('2026-03-06'), SERIES_UNTIL_BEFORE_START],
    ['weekly', on(''), SERIES_UNTIL_BEFORE_START],
    ['weekly', on('2027-02-27'), null],
    ['weekly', on('2027-03-06'), SERIES_TOO_LONG],
    ['everyOtherWeek', on('2028-02-19'), null],
    ['everyOtherWeek', on('2028-03-04'), SERIES_TOO_LONG],
  ])('%s ending %j from 2026-03-07 -> %s', (frequency, end, expected) => {
    expect(repeatProblem(frequency, end, '2026-03-07')).toBe(expected);
  });

  it.each<[RepeatFrequency, RepeatEnd, ReturnType<typeof repeatPayload>]>([
    ['none', after(5), { occurrences: 1, intervalWeeks: 1 }],
    ['weekly', after(5), { occurrences: 5, intervalWeeks: 1 }],
    ['everyOtherWeek', after(3), { occurrences: 3, intervalWeeks: 2 }],
    ['weekly', on('2026-04-30'), { untilDate: '2026-04-30', intervalWeeks: 1 }],
    ['everyOtherWeek', on('2026-04-30'), { untilDate: '2026-04-30', intervalWeeks: 2 }],
  ])('%s ending %j sends %j', (frequency, end, expected) => {
    expect(repeatPayload(frequency, end)).toEqual(expected);
  });
});
