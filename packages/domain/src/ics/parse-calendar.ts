/**
 * Reads an outside calendar's iCalendar file into its busy time within a
 * window (spec-1 §4 'Calendar loading', issue 5 item 12). ical.js reads the
 * file, its values and its recurrence rules; this module decides what is
 * busy: cancelled and free events are left out, RECURRENCE-ID overrides
 * replace (or cancel) their occurrence, EXDATE removes occurrences, RDATE
 * adds them, and all-day events run midnight to midnight in the practice's
 * zone.
 */
import { CalendarClocks, readText } from './clocks.ts';
import { instantsOf, isBusy, ruleOf, timedOf, titleOf, uidOf, type Timed } from './events.ts';
import { readCalendarComponent, type IcalComponent } from './read.ts';
import { expandRule, MAX_FILE_STEPS } from './recurrence.ts';
import type { IcsBusyEvent, IcsCalendar, IcsParseOptions, IcsWindow } from './types.ts';
import { DAY_MS, dayNumber, timeOfValue, timesOf, type IcsTime } from './values.ts';

const DEFAULT_MAX_EVENTS = 5000;

/** The key an occurrence is matched by (EXDATE, RECURRENCE-ID): its day for all-day events, else its instant. */
function occurrenceKey(time: IcsTime, fallback: { allDay: boolean; clock: Timed['clock'] }) {
  if (fallback.allDay || time.allDay) return `d${dayNumber(time.wall)}`;
  return `t${(time.clock ?? fallback.clock).toInstant(time.wall)}`;
}

/** RDATE occurrences as wall times on the event's clock (PERIOD values are not read). */
function extraStarts(event: IcalComponent, timed: Timed, clocks: CalendarClocks): number[] {
  const timeOfDay = timed.startWall - dayNumber(timed.startWall) * DAY_MS;
  return event
    .getAllProperties('rdate')
    .filter((line) => line.type !== 'period')
    .flatMap((line) => timesOf(line, clocks))
    .map((t) =>
      timed.allDay || t.allDay
        ? dayNumber(t.wall) * DAY_MS + timeOfDay
        : timed.clock.toWall((t.clock ?? timed.clock).toInstant(t.wall)),
    );
}

/** The wall-clock starts of a recurring event that may touch the window, in order. */
function occurrenceStarts(
  event: IcalComponent,
  timed: Timed,
  context: { window: IcsWindow; clocks: CalendarClocks; budget: { steps: number } },
): number[] {
  const { window, clocks, budget } = context;
  const rule = ruleOf(event);
  const until = rule?.until ? timeOfValue(rule.until, null, clocks) : null;
  const isPastUntil = (wall: number) => {
    if (!until) return false;
    if (until.allDay || timed.allDay) return dayNumber(wall) > dayNumber(until.wall);
    return timed.clock.toInstant(wall) > (until.clock ?? timed.clock).toInstant(until.wall);
  };
  // Wall clocks differ from UTC by under a day; an occurrence ending before the window is not wanted.
  const span = Math.max(0, timed.duration.days * DAY_MS + timed.duration.ms);
  const starts = expandRule(
    rule,
    { wall: timed.startWall, allDay: timed.allDay },
    {
      keepFromWall: window.start - span - 2 * DAY_MS,
      stopAfterWall: window.end + 2 * DAY_MS,
      isPastUntil,
      budget,
    },
  );
  return [...starts, ...extraStarts(event, timed, clocks)].sort((a, b) => a - b);
}

interface Sorted {
  /** Occurrence keys replaced by a RECURRENCE-ID override, by UID. */
  overrides: Map<string, Set<string>>;
  masters: IcalComponent[];
  singles: IcalComponent[];
}

function sortEvents(events: IcalComponent[], clocks: CalendarClocks): Sorted {
  const sorted: Sorted = { overrides: new Map(), masters: [], singles: [] };
  for (const event of events) {
    const uid = uidOf(event);
    if (event.hasProperty('recurrence-id') && uid !== '') {
      const [time] = timesOf(event.getFirstProperty('recurrence-id'), clocks);
      if (time) {
        const keys = sorted.overrides.get(uid) ?? new Set<string>();
        keys.add(occurrenceKey(time, { allDay: false, clock: clocks.floating }));
        sorted.overrides.set(uid, keys);
      }
      sorted.singles.push(event);
    } else if (event.hasProperty('rrule') || event.hasProperty('rdate')) {
      sorted.masters.push(event);
    } else {
      sorted.singles.push(event);
    }
  }
  return sorted;
}

function busyEvents(root: IcalComponent, options: IcsParseOptions): IcsBusyEvent[] {
  const clocks = new CalendarClocks(root, options.timezone);
  const { window } = options;
  const { overrides, masters, singles } = sortEvents(root.getAllSubcomponents('vevent'), clocks);
  const out: IcsBusyEvent[] = [];
  const budget = { steps: MAX_FILE_STEPS };
  let unnamed = 0;
  const idOf = (event: IcalComponent) => uidOf(event).slice(0, 500) || `no-uid-${++unnamed}`;
  const emit = (event: IcalComponent, uid: string, timed: Timed, startWall: number) => {
    const { start, end } = instantsOf(timed, startWall, clocks.practice);
    if (!(end > start) || end <= window.start || start >= window.end) return;
    out.push({
      uid,
      title: titleOf(event),
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      allDay: timed.allDay,
    });
  };

  for (const event of singles.filter(isBusy)) {
    const timed = timedOf(event, clocks);
    if (timed) emit(event, idOf(event), timed, timed.startWall);
  }
  for (const event of masters.filter(isBusy)) {
    const timed = timedOf(event, clocks);
    if (!timed) continue;
    const uid = idOf(event);
    const excluded = new Set(
      event
        .getAllProperties('exdate')
        .flatMap((line) => timesOf(line, clocks))
        .map((t) => occurrenceKey(t, timed)),
    );
    const overridden = overrides.get(uidOf(event));
    const seen = new Set<string>();
    for (const wall of occurrenceStarts(event, timed, { window, clocks, budget })) {
      const key = occurrenceKey({ allDay: timed.allDay, wall, clock: timed.clock }, timed);
      if (seen.has(key) || excluded.has(key) || excluded.has(`d${dayNumber(wall)}`)) continue;
      seen.add(key);
      if (!overridden?.has(key)) emit(event, uid, timed, wall);
    }
  }
  return out.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : 1,
  );
}

/**
 * Reads an iCalendar file and returns its busy time within the window. Throws
 * IcsError when the text is not an iCalendar.
 */
export function parseIcsCalendar(text: string, options: IcsParseOptions): IcsCalendar {
  const root = readCalendarComponent(text);
  const events = busyEvents(root, options);
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const truncated = events.length > maxEvents;
  return {
    calendarKey: readText(root, 'x-wr-relcalid')?.trim() || null,
    calendarName: readText(root, 'x-wr-calname')?.trim() || null,
    events: truncated ? events.slice(0, maxEvents) : events,
    truncated,
  };
}
