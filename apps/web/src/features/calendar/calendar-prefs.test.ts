import { describe, expect, it } from 'vitest';

import {
  loadRememberedCalendar,
  longLivedKeyOf,
  NO_POSITION,
  saveCalendarFilters,
  saveCalendarPosition,
  sessionKeyOf,
  type CalendarFilters,
  type CalendarStores,
} from './calendar-prefs';

/** A Storage in memory, like the browser's. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
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

const stores = (): CalendarStores => ({ session: memoryStorage(), local: memoryStorage() });
const filters: CalendarFilters = {
  therapistIds: [3, 1],
  locationIds: [7],
  includeCancelled: true,
  mySchedule: false,
};

describe('what the calendar remembers', () => {
  it('remembers nothing at first', () => {
    expect(loadRememberedCalendar(stores(), 5)).toEqual({ filters: null, position: NO_POSITION });
  });

  it('keeps filters for the session and for later, and the position for later', () => {
    const s = stores();
    saveCalendarFilters(s, 5, filters);
    saveCalendarPosition(s, 5, {
      view: 'dayGridMonth',
      startDate: '2026-12-01',
      visitedOn: '2026-11-21',
    });
    expect(loadRememberedCalendar(s, 5)).toEqual({
      filters,
      position: { view: 'dayGridMonth', startDate: '2026-12-01', visitedOn: '2026-11-21' },
    });
    // The date and view are long-lived only; the filters are in both.
    expect(s.session?.getItem(sessionKeyOf(5))).toContain('"therapistIds":[3,1]');
    expect(s.session?.getItem(sessionKeyOf(5))).not.toContain('dayGridMonth');
    expect(s.local?.getItem(longLivedKeyOf(5))).toContain('dayGridMonth');
  });

  it('starts a new session from the long-lived filters', () => {
    const s = stores();
    saveCalendarFilters(s, 5, filters);
    const newSession = { session: memoryStorage(), local: s.local };
    expect(loadRememberedCalendar(newSession, 5).filters).toEqual(filters);
  });

  it("prefers the session's filters while the tab lives", () => {
    const s = stores();
    saveCalendarFilters(s, 5, filters);
    s.session?.setItem(sessionKeyOf(5), JSON.stringify({ ...filters, includeCancelled: false }));
    expect(loadRememberedCalendar(s, 5).filters?.includeCancelled).toBe(false);
  });

  it('keeps each user apart', () => {
    const s = stores();
    saveCalendarFilters(s, 5, filters);
    expect(loadRememberedCalendar(s, 6).filters).toBeNull();
  });

  it('drops what it cannot read instead of trusting it', () => {
    const s = stores();
    s.session?.setItem(sessionKeyOf(5), '{not json');
    s.local?.setItem(
      longLivedKeyOf(5),
      JSON.stringify({
        filters: { therapistIds: ['x'], locationIds: [2], includeCancelled: 'yes' },
        position: { view: 42, startDate: 'tomorrow', visitedOn: '2026-11-21' },
      }),
    );
    expect(loadRememberedCalendar(s, 5)).toEqual({
      filters: { therapistIds: [], locationIds: [2], includeCancelled: false, mySchedule: false },
      position: { view: null, startDate: null, visitedOn: '2026-11-21' },
    });
  });

  it('works without storage (private browsing)', () => {
    const none = { session: null, local: null };
    saveCalendarFilters(none, 5, filters);
    expect(loadRememberedCalendar(none, 5)).toEqual({ filters: null, position: NO_POSITION });
  });
});
