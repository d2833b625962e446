import { REPEAT_OCCURRENCES_MESSAGE, type TelehealthEligibility } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import type { ProductOption } from './api';
import {
  formReducer,
  initialForm,
  offeredLengths,
  practiceDayWindow,
  repeatMessage,
  requestedSlot,
  suggestionKey,
  type FormAction,
  type SchedulingForm,
  type SchedulingSeed,
} from './scheduling-form';
import {
  appointmentPayload,
  canSave,
  isSimpleCreateReady,
  meetingPayload,
  simpleAppointmentPayload,
  type SaveContext,
} from './scheduling-payloads';

const NY = 'America/New_York';
// 10:40 on Saturday 7 March 2026 in New York.
const NOW = new Date('2026-03-07T15:40:00.000Z');
// 14 March 2026 is after the spring clock change: New York is UTC-4 (EDT).
const defaults = { therapistId: 7, timezone: NY };

const option = (over: Partial<ProductOption> = {}): ProductOption => ({
  duration: 45,
  products: [
    {
      productId: 31,
      cptCode: '90834',
      description: 'Psychotherapy, 45 minutes',
      durationMinutes: 45,
    },
  ],
  is_telehealth: false,
  telehealth_pos: null,
  find_type: null,
  selected: false,
  ...over,
});

const eligible: TelehealthEligibility = {
  hasTelehealth: true,
  allowedPos: ['02', '10', '11'],
  onlyTelehealthAvailability: false,
};

const run = (state: SchedulingForm, ...actions: FormAction[]) => actions.reduce(formReducer, state);

describe('initialForm', () => {
  it.each<[string, SchedulingSeed, Partial<SchedulingForm>]>([
    [
      'a slot is read on the practice clock',
      { start: '2026-03-14T15:00:00.000Z', therapistId: 3 },
      { date: '2026-03-14', time: '11:00', therapistId: 3, requestType: 'Appointment' },
    ],
    ['no slot: the next whole hour', {}, { date: '2026-03-07', time: '11:00', therapistId: 7 }],
    [
      'an all-day click on an appointment starts at 9:00',
      { start: '2026-03-14', allDay: true },
      { date: '2026-03-14', time: '09:00', allDay: false },
    ],
    [
      'a meeting keeps all day',
      { requestType: 'Meeting', start: '2026-03-14', allDay: true },
      { allDay: true, mustBeAllDay: false },
    ],
    [
      'out of office that must be all day',
      { requestType: 'Out of Office', mustBeAllDay: true },
      { allDay: true, mustBeAllDay: true },
    ],
    [
      'a known client is chosen, its name to come',
      { clientId: 55 },
      { client: { id: 55, name: null } },
    ],
    [
      'opening starts afresh',
      { requestType: 'Appointment' },
      {
        telehealth: false,
        telehealthPos: '02',
        allowDoubleBooking: false,
        productKey: null,
        duration: 60,
        occurrences: '1',
        repeat: 'none',
        clientSearchContext: 'my',
      },
    ],
  ])('%s', (_label, seed, expected) => {
    expect(initialForm(seed, NOW, defaults)).toMatchObject(expected);
  });
});

describe('formReducer', () => {
  const start = initialForm({ clientId: 55 }, NOW, defaults);

  it('resets the duration to 60 minutes when the request type is chosen', () => {
    const state = run(
      start,
      { type: 'duration', value: 90 },
      { type: 'requestType', value: 'Meeting' },
    );
    expect(state).toMatchObject({ requestType: 'Meeting', duration: 60 });
    expect(
      run(state, { type: 'duration', value: 15 }, { type: 'requestType', value: 'Appointment' }),
    ).toMatchObject({ duration: 60, allDay: false });
  });

  it('applies the suggestion once per therapist and client', () => {
    const key = suggestionKey(7, 55);
    const suggested = option({ duration: 30, is_telehealth: true, telehealth_pos: '10' });
    const state = run(start, {
      type: 'suggestion',
      for: key,
      option: suggested,
      eligibility: eligible,
    });
    expect(state).toMatchObject({
      productKey: '31',
      duration: 30,
      telehealth: true,
      telehealthPos: '10',
      suggestionAppliedFor: key,
    });
    // The user changes the length; a refetched answer does not undo it.
    const edited = run(
      state,
      { type: 'duration', value: 75 },
      { type: 'suggestion', for: key, option: suggested, eligibility: eligible },
    );
    expect(edited.duration).toBe(75);
    // A new client clears the choice, and its suggestion applies.
    const other = run(edited, { type: 'client', value: { id: 56, name: 'Ann Other' } });
    expect(other).toMatchObject({ productKey: null, suggestionAppliedFor: null });
    expect(
      run(other, {
        type: 'suggestion',
        for: suggestionKey(7, 56),
        option: option(),
        eligibility: eligible,
      }),
    ).toMatchObject({ productKey: '31', duration: 45 });
  });

  it('takes the product rule from the domain when a product is chosen', () => {
    const noTelehealth = { ...eligible, hasTelehealth: false, allowedPos: [] };
    expect(
      run(start, {
        type: 'product',
        option: option({ is_telehealth: true }),
        eligibility: noTelehealth,
      }),
    ).toMatchObject({ duration: 45, telehealth: false, productKey: '31' });
    expect(
      run(start, {
        type: 'product',
        option: option(),
        eligibility: { ...eligible, onlyTelehealthAvailability: true },
      }),
    ).toMatchObject({ telehealth: true });
    expect(
      run(start, { type: 'product', option: null, eligibility: eligible }).productKey,
    ).toBeNull();
  });

  it('switches telehealth off when the therapist cannot offer it, and clears the product for a new therapist', () => {
    const on = run(start, { type: 'telehealth', value: true });
    expect(run(on, { type: 'telehealthUnavailable' }).telehealth).toBe(false);
    const chosen = run(start, { type: 'product', option: option(), eligibility: eligible });
    expect(run(chosen, { type: 'therapist', value: 9 })).toMatchObject({
      therapistId: 9,
      productKey: null,
    });
  });

  it('keeps all day on when it must be', () => {
    const away = initialForm({ requestType: 'Out of Office', mustBeAllDay: true }, NOW, defaults);
    expect(run(away, { type: 'allDay', value: false }).allDay).toBe(true);
  });

  it('names a known client once the lookup says who it is', () => {
    const named = run(start, { type: 'clientName', id: 55, name: 'Ivy Testwell' });
    expect(named.client).toEqual({ id: 55, name: 'Ivy Testwell' });
    expect(run(named, { type: 'clientName', id: 99, name: 'Someone' }).client?.name).toBe(
      'Ivy Testwell',
    );
  });
});

describe('requestedSlot and practiceDayWindow', () => {
  const base = initialForm({ start: '2026-03-14T15:00:00.000Z' }, NOW, defaults);
  it.each<[string, Partial<SchedulingForm>, ReturnType<typeof requestedSlot>]>([
    ['a time', {}, { start: '2026-03-14T15:00:00.000Z', duration: 60 }],
    [
      'before the clock change (EST)',
      { date: '2026-03-07', time: '11:00' },
      { start: '2026-03-07T16:00:00.000Z', duration: 60 },
    ],
    [
      'all day: the bare day and its minutes',
      { allDay: true },
      { start: '2026-03-14', duration: 1440 },
    ],
    ['no time', { time: '' }, null],
    ['no date', { date: '' }, null],
    ['an impossible date', { date: '2026-02-30' }, null],
  ])('%s', (_label, change, expected) => {
    expect(requestedSlot({ ...base, ...change })).toEqual(expected);
  });

  it('gives the practice day around the date', () => {
    expect(practiceDayWindow(base)).toEqual({
      start: '2026-03-14T04:00:00.000Z',
      end: '2026-03-15T04:00:00.000Z',
    });
  });
});

describe('canSave', () => {
  const ready = run(initialForm({ clientId: 55 }, NOW, defaults), {
    type: 'product',
    option: option(),
    eligibility: eligible,
  });
  const context: SaveContext = { option: option(), conflictCount: 0, busy: false };
  it.each<[string, Partial<SchedulingForm>, Partial<typeof context>, boolean]>([
    ['a complete appointment', {}, {}, true],
    ['no client', { client: null }, {}, false],
    ['no product', {}, { option: null }, false],
    ['no therapist', { therapistId: null }, {}, false],
    ['an unreadable time', { time: '' }, {}, false],
    ['conflicts unknown yet', {}, { conflictCount: null }, false],
    ['a conflict', {}, { conflictCount: 2 }, false],
    [
      'a conflict with double booking allowed',
      { allowDoubleBooking: true },
      { conflictCount: 2 },
      true,
    ],
    ['busy', {}, { busy: true }, false],
    ['a bad number of occurrences', { repeat: 'weekly', occurrences: '60' }, {}, false],
    ['a series of 10', { repeat: 'weekly', occurrences: '10' }, {}, true],
    [
      'a meeting needs no client or product',
      { requestType: 'Meeting', client: null },
      { option: null },
      true,
    ],
  ])('%s -> %s', (_label, change, ctx, expected) => {
    expect(canSave({ ...ready, ...change }, { ...context, ...ctx })).toBe(expected);
  });

  it('says what is wrong with the repeat choice', () => {
    expect(repeatMessage({ ...ready, repeat: 'weekly', occurrences: '' })).toBe(
      REPEAT_OCCURRENCES_MESSAGE,
    );
    expect(repeatMessage({ ...ready, repeat: 'none', occurrences: '' })).toBeNull();
  });
});

describe('payloads', () => {
  const state: SchedulingForm = {
    ...initialForm(
      { clientId: 55, start: '2026-03-14T15:00:00.000Z', therapistId: 3 },
      NOW,
      defaults,
    ),
    productKey: '31',
    duration: 45,
  };

  it('books an appointment with the spec fields, the series and the location', () => {
    expect(
      appointmentPayload(
        {
          ...state,
          telehealth: true,
          telehealthPos: '10',
          repeat: 'everyOtherWeek',
          occurrences: '6',
        },
        option(),
        { telehealthAllowed: true, defaultLocationId: 4 },
      ),
    ).toEqual({
      therapistId: 3,
      patientId: 55,
      practiceLocationId: 4,
      isTeletherapy: true,
      teletherapyPos: '10',
      eventDateTime: '2026-03-14T15:00:00.000Z',
      products: [{ productId: 31 }],
      duration: 45,
      allowDoubleBooking: false,
      occurrences: 6,
      intervalWeeks: 2,
    });
  });

  it('sends no telehealth when the therapist may not, no location when none is chosen, and an until date', () => {
    expect(
      appointmentPayload(
        {
          ...state,
          telehealth: true,
          locationId: null,
          repeat: 'weekly',
          repeatEnd: 'on',
          untilDate: '2026-04-30',
          allowDoubleBooking: true,
        },
        option(),
        { telehealthAllowed: false, defaultLocationId: 4 },
      ),
    ).toMatchObject({
      isTeletherapy: false,
      teletherapyPos: null,
      practiceLocationId: null,
      untilDate: '2026-04-30',
      intervalWeeks: 1,
      allowDoubleBooking: true,
    });
  });

  it.each<[SchedulingForm['requestType'], string, string, 'meeting' | 'out_of_office']>([
    ['Meeting', '', 'Meeting / Busy', 'meeting'],
    ['Out of Office', '  ', 'Out of Office', 'out_of_office'],
    ['Meeting', 'Team huddle', 'Team huddle', 'meeting'],
  ])('a %s named %j is sent as %j', (requestType, eventName, sent, type) => {
    expect(meetingPayload({ ...state, requestType, eventName })).toEqual({
      therapistId: 3,
      allDay: false,
      startDateTime: '2026-03-14T15:00:00.000Z',
      eventName: sent,
      duration: 45,
      type,
      allowDoubleBooking: false,
    });
  });

  it('sends an all-day block as the bare day', () => {
    expect(meetingPayload({ ...state, requestType: 'Out of Office', allDay: true })).toMatchObject({
      allDay: true,
      startDateTime: '2026-03-14',
    });
  });

  it('books the simple dialog with the suggested service, or 60 minutes without one', () => {
    expect(isSimpleCreateReady(state)).toBe(true);
    expect(isSimpleCreateReady({ ...state, client: null })).toBe(false);
    expect(isSimpleCreateReady({ ...state, time: '' })).toBe(false);
    expect(simpleAppointmentPayload(state, option({ duration: 45 }))).toMatchObject({
      products: [{ productId: 31 }],
      duration: 45,
      practiceLocationId: null,
      isTeletherapy: false,
      occurrences: 1,
      intervalWeeks: 1,
    });
    expect(simpleAppointmentPayload(state, null)).toMatchObject({ products: [], duration: 60 });
  });
});

describe('offeredLengths', () => {
  it.each([
    { duration: 60, original: undefined, minutes: [15, 30, 45, 60, 75, 90, 105] },
    { duration: 50, original: undefined, minutes: [15, 30, 45, 50, 60, 75, 90, 105] },
    // An edit keeps the item's own 50 minutes on offer after another length is chosen.
    { duration: 60, original: 50, minutes: [15, 30, 45, 50, 60, 75, 90, 105] },
    { duration: 120, original: 50, minutes: [15, 30, 45, 50, 60, 75, 90, 105, 120] },
  ])('$duration (was $original) → $minutes', ({ duration, original, minutes }) => {
    expect(offeredLengths(duration, original).map((o) => o.minutes)).toEqual(minutes);
  });
});
