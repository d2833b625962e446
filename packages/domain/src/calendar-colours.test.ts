import { describe, expect, it } from 'vitest';
import {
  CALENDAR_COLOURS,
  CALENDAR_EVENT_TYPES,
  REMOTE_CALENDAR_TYPE,
  calendarItemColour,
  calendarItemFlags,
  hasGroupChartWarning,
  hasIncompleteGroupCharts,
  hasValidCancelDate,
  isGroupCorrectlyConfigured,
  type CalendarEventColourFields,
  type CalendarItemFlags,
  type GroupAttendee,
} from './calendar-colours.ts';

const { appointment, meeting, holiday, availability } = CALENDAR_EVENT_TYPES;
const base: CalendarEventColourFields = { calendar_event_type_constant: appointment };

describe('palette', () => {
  it.each<[keyof typeof CALENDAR_COLOURS, string]>([
    ['chartLocked', '#999999'],
    ['claimCreated', '#03A852'],
    ['meeting', '#616161'],
    ['appointment', '#2979FF'],
    ['paymentNotLocked', '#FF9800'],
    ['cancelled', '#FF1744'],
  ])('%s is %s', (name, hex) => {
    expect(CALENDAR_COLOURS[name]).toBe(hex);
  });
});

describe('calendarItemColour', () => {
  it.each<[string, Partial<CalendarEventColourFields>, string | null]>([
    ['plain appointment', {}, CALENDAR_COLOURS.appointment],
    ['meeting', { calendar_event_type_constant: meeting }, CALENDAR_COLOURS.meeting],
    [
      'holiday keeps its calendar colour',
      { calendar_event_type_constant: holiday, calendar_color: '#123456' },
      '#123456',
    ],
    ['availability without a colour', { calendar_event_type_constant: availability }, null],
    ['chart locked', { patient_chart_locked_count: 1 }, CALENDAR_COLOURS.chartLocked],
    ['claim created', { claim_count: 1 }, CALENDAR_COLOURS.claimCreated],
    [
      'claim beats locked',
      { claim_count: 1, patient_chart_locked_count: 1 },
      CALENDAR_COLOURS.claimCreated,
    ],
    [
      'payment without locked chart',
      { account_payment_exists: true },
      CALENDAR_COLOURS.paymentNotLocked,
    ],
    [
      'payment (legacy 1) without locked chart',
      { account_payment_exists: 1 },
      CALENDAR_COLOURS.paymentNotLocked,
    ],
    [
      'payment beats claim when unlocked',
      { account_payment_exists: 1, claim_count: 2 },
      CALENDAR_COLOURS.paymentNotLocked,
    ],
    [
      'payment with locked chart is locked',
      { account_payment_exists: true, patient_chart_locked_count: 1 },
      CALENDAR_COLOURS.chartLocked,
    ],
    [
      'payment, locked and claimed is claimed',
      { account_payment_exists: true, patient_chart_locked_count: 1, claim_count: 1 },
      CALENDAR_COLOURS.claimCreated,
    ],
    ['cancelled', { calendar_event_canceldate: '2024-03-01 10:00:00' }, CALENDAR_COLOURS.cancelled],
    [
      'cancelled beats everything',
      {
        calendar_event_canceldate: '2024-03-01',
        account_payment_exists: true,
        claim_count: 1,
        patient_chart_locked_count: 1,
      },
      CALENDAR_COLOURS.cancelled,
    ],
    [
      'cancelled meeting',
      { calendar_event_type_constant: meeting, calendar_event_canceldate: '2024-03-01' },
      CALENDAR_COLOURS.cancelled,
    ],
    [
      'empty cancel date is not cancelled',
      { calendar_event_canceldate: '' },
      CALENDAR_COLOURS.appointment,
    ],
    [
      'zero cancel date is not cancelled',
      { calendar_event_canceldate: '0000-00-00 00:00:00' },
      CALENDAR_COLOURS.appointment,
    ],
    [
      'group still being charted shows as unlocked',
      { isGroup: true, patient_chart_locked_count: 1, attended_attendee_count: 3 },
      CALENDAR_COLOURS.appointment,
    ],
    [
      'group with payment still being charted shows payment',
      {
        isGroup: 1,
        patient_chart_locked_count: 1,
        attended_attendee_count: 3,
        account_payment_exists: true,
      },
      CALENDAR_COLOURS.paymentNotLocked,
    ],
    [
      'fully charted group is locked',
      { isGroup: true, patient_chart_locked_count: 3, attended_attendee_count: 3 },
      CALENDAR_COLOURS.chartLocked,
    ],
    ['remote calendar: no colouring', { calendar_type_constant: REMOTE_CALENDAR_TYPE }, null],
    [
      'remote calendar: no colouring even when cancelled',
      { calendar_type_constant: REMOTE_CALENDAR_TYPE, calendar_event_canceldate: '2024-03-01' },
      null,
    ],
  ])('%s', (_label, change, expected) => {
    expect(calendarItemColour({ ...base, ...change })).toBe(expected);
  });
});

/** Reading A of the spec, copied literally: each later step overwrites the colour. */
function readingA(event: CalendarEventColourFields, flags: CalendarItemFlags): string | null {
  let colour: string | null =
    event.calendar_event_type_constant === meeting
      ? CALENDAR_COLOURS.meeting
      : CALENDAR_COLOURS.appointment;
  if (flags.locked) colour = CALENDAR_COLOURS.chartLocked;
  if (flags.claimed) colour = CALENDAR_COLOURS.claimCreated;
  if (flags.paymentExists && !flags.locked) colour = CALENDAR_COLOURS.paymentNotLocked;
  if (flags.cancelled) colour = CALENDAR_COLOURS.cancelled;
  return colour;
}

describe('both readings of the colour rule agree', () => {
  const combinations = [meeting, appointment].flatMap((type) =>
    [0, 1].flatMap((locked) =>
      [0, 1].flatMap((claims) =>
        [false, true].flatMap((payment) =>
          [null, '2024-03-01'].map((cancelDate): CalendarEventColourFields => ({
            calendar_event_type_constant: type,
            patient_chart_locked_count: locked,
            claim_count: claims,
            account_payment_exists: payment,
            calendar_event_canceldate: cancelDate,
          })),
        ),
      ),
    ),
  );

  it.each(combinations)('%j', (event) => {
    expect(calendarItemColour(event)).toBe(readingA(event, calendarItemFlags(event)));
  });
});

describe('calendarItemFlags', () => {
  it.each<[string, Partial<CalendarEventColourFields>, Partial<CalendarItemFlags>]>([
    [
      'plain appointment',
      {},
      {
        locked: false,
        claimed: false,
        paymentExists: false,
        cancelled: false,
        hasGroupChartWarning: false,
      },
    ],
    [
      'availability',
      { calendar_event_type_constant: availability },
      { isAvailability: true, isMeeting: false, isHoliday: false },
    ],
    [
      'meeting',
      { calendar_event_type_constant: meeting },
      { isMeeting: true, isAvailability: false },
    ],
    ['holiday', { calendar_event_type_constant: holiday }, { isHoliday: true }],
    [
      'locked, claimed, paid, cancelled',
      {
        patient_chart_locked_count: 2,
        claim_count: 1,
        account_payment_exists: 1,
        calendar_event_canceldate: '2024-01-01',
      },
      { locked: true, claimed: true, paymentExists: true, cancelled: true },
    ],
    [
      'group warning',
      { isGroup: true, patient_chart_locked_count: 1, attended_attendee_count: 2 },
      { locked: false, hasGroupChartWarning: true },
    ],
  ])('%s', (_label, change, expected) => {
    expect(calendarItemFlags({ ...base, ...change })).toMatchObject(expected);
  });
});

describe('hasGroupChartWarning', () => {
  it.each<[Partial<CalendarEventColourFields>, boolean]>([
    [{ isGroup: true, patient_chart_locked_count: 1, attended_attendee_count: 2 }, true],
    [{ isGroup: true, patient_chart_locked_count: 2, attended_attendee_count: 2 }, false],
    [{ isGroup: true, patient_chart_locked_count: 0, attended_attendee_count: 2 }, false],
    [{ isGroup: true, patient_chart_locked_count: 3, attended_attendee_count: 2 }, false],
    [{ isGroup: false, patient_chart_locked_count: 1, attended_attendee_count: 2 }, false],
    [{ isGroup: 0, patient_chart_locked_count: 1, attended_attendee_count: 2 }, false],
  ])('%j -> %s', (change, expected) => {
    expect(hasGroupChartWarning({ ...base, ...change })).toBe(expected);
  });
});

describe('hasValidCancelDate', () => {
  it.each<[string | null | undefined, boolean]>([
    ['2024-03-01', true],
    ['2024-03-01 10:15:00', true],
    ['2024-03-01T10:15:00Z', true],
    [null, false],
    [undefined, false],
    ['', false],
    ['   ', false],
    ['0000-00-00', false],
    ['not a date', false],
  ])('%j -> %s', (value, expected) => {
    expect(hasValidCancelDate(value)).toBe(expected);
  });
});

describe('hasIncompleteGroupCharts', () => {
  const group = (isCharted: boolean): GroupAttendee => ({
    isGroup: true,
    isPatient: false,
    attended: false,
    isCharted,
  });
  const patient = (attended: boolean, isCharted: boolean): GroupAttendee => ({
    isGroup: false,
    isPatient: true,
    attended,
    isCharted,
  });

  it.each<[string, GroupAttendee[], boolean]>([
    [
      'one group chart, a patient not charted',
      [group(true), patient(true, true), patient(true, false)],
      true,
    ],
    [
      'one group chart, everyone charted',
      [group(true), patient(true, true), patient(true, true)],
      false,
    ],
    [
      'one group chart, absent patient uncharted',
      [group(true), patient(true, true), patient(false, false)],
      false,
    ],
    ['no group chart yet', [group(false), patient(true, false)], false],
    ['two group charts', [group(true), group(true), patient(true, false)], false],
    ['nobody', [], false],
  ])('%s -> %s', (_label, attendees, expected) => {
    expect(hasIncompleteGroupCharts(attendees)).toBe(expected);
  });
});

describe('isGroupCorrectlyConfigured', () => {
  it.each<[boolean, unknown[], boolean]>([
    [false, [{ productId: 1 }], true],
    [true, [{ productId: 1 }], false],
    [false, [], false],
    [true, [], false],
  ])(
    'missing initials %s, defaults %j -> %s',
    (missingGroupInitials, groupDefaultProducts, expected) => {
      expect(isGroupCorrectlyConfigured({ missingGroupInitials, groupDefaultProducts })).toBe(
        expected,
      );
    },
  );
});
