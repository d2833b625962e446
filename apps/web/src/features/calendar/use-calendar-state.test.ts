import type { CalendarViewName } from '@openpractice/domain';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { VisibleCalendars } from './api';
import { longLivedKeyOf } from './calendar-prefs';
import { openingViewOnPhone, useCalendarState } from './use-calendar-state';
import { filtersInUse } from './calendar-filters';

afterEach(cleanup);

/** Storage in memory holding what the browser remembers. */
function storeWith(entries: Record<string, unknown>): Storage {
  const map = new Map(Object.entries(entries).map(([k, v]) => [k, JSON.stringify(v)]));
  return {
    get length() {
      return map.size;
    },
    clear: () => {
      map.clear();
    },
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

const therapist = (id: number) => ({
  id,
  active: true,
  practitionerFirstName: 'T',
  practitionerLastName: String(id),
  isCurrentUser: id === 1,
});

function calendarsOf(reach: 'practice' | 'own'): VisibleCalendars & { reach: 'practice' | 'own' } {
  return {
    userId: 7,
    reach,
    currentTherapistId: 1,
    therapists: [therapist(1), therapist(2), therapist(3)],
    timezone: 'America/New_York',
    maySchedule: true,
    screenReader: false,
  } as unknown as VisibleCalendars & { reach: 'practice' | 'own' };
}

const TODAY = '2026-11-23';

describe('openingViewOnPhone', () => {
  const cases: [CalendarViewName, CalendarViewName][] = [
    ['timeGridWeek', 'timeGridDay'],
    ['resourceTimeGridWeek', 'resourceTimeGridDay'],
    ['timeGridDay', 'timeGridDay'],
    ['resourceTimeGridDay', 'resourceTimeGridDay'],
    ['dayGridMonth', 'dayGridMonth'],
  ];
  it.each(cases)('%s opens as %s', (view, expected) => {
    expect(openingViewOnPhone(view)).toBe(expected);
  });
});

describe('useCalendarState on a phone', () => {
  // [who, remembered view (visited today, or null: a first visit), phone, the view it opens in]
  const cases: [string, 'practice' | 'own', string | null, boolean, CalendarViewName][] = [
    ['a therapist, first visit, phone', 'own', null, true, 'timeGridDay'],
    ['a therapist, first visit, desktop', 'own', null, false, 'timeGridWeek'],
    ['a scheduler, first visit, phone', 'practice', null, true, 'resourceTimeGridDay'],
    ['a scheduler, first visit, desktop', 'practice', null, false, 'resourceTimeGridWeek'],
    [
      'a scheduler back on a week, phone',
      'practice',
      'resourceTimeGridWeek',
      true,
      'resourceTimeGridDay',
    ],
    ['a scheduler back on the month, phone', 'practice', 'dayGridMonth', true, 'dayGridMonth'],
  ];
  it.each(cases)('%s', (_who, reach, rememberedView, phone, expected) => {
    const local = storeWith(
      rememberedView
        ? {
            [longLivedKeyOf(7)]: {
              filters: null,
              position: { view: rememberedView, startDate: TODAY, visitedOn: TODAY },
            },
          }
        : {},
    );
    const { result } = renderHook(() =>
      useCalendarState(calendarsOf(reach), TODAY, {
        phone,
        stores: { session: storeWith({}), local },
      }),
    );
    expect(result.current.view).toBe(expected);
    expect(result.current.date).toBe(TODAY);
  });
});

describe('filtersInUse', () => {
  const none = { therapistIds: [], locationIds: [], includeCancelled: false, mySchedule: false };
  it.each([
    ['nothing chosen', none, 0],
    ['two therapists', { ...none, therapistIds: [1, 2] }, 1],
    ['a location and cancelled', { ...none, locationIds: [4], includeCancelled: true }, 2],
    ['locations, ignored in My Schedule', { ...none, locationIds: [4], mySchedule: true }, 0],
  ])('%s: %i', (_name, filters, expected) => {
    expect(filtersInUse(filters)).toBe(expected);
  });
});
