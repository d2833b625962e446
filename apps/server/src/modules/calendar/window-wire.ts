import {
  CALENDAR_EVENT_TYPES,
  calendarItemColour,
  utcToWallTime,
  type CalendarEventColourFields,
} from '@openpractice/domain';

type EventKind = 'appointment' | 'meeting' | 'out_of_office' | 'holiday';

/** The window's events, one array per field, in the order of window-events.ts's query. */
type EventColumns = [
  ids: number[],
  kinds: EventKind[],
  names: string[],
  therapistIds: number[],
  startMs: number[],
  endMs: number[],
  /** All day 1, telehealth 2, awaiting confirmation 4. */
  flags: number[],
  locationIds: (number | null)[],
  telehealthPos: (string | null)[],
  cancelledMs: (number | null)[],
  cancelReasons: (string | null)[],
  seriesIds: (number | null)[],
  groupClientIds: (number | null)[],
];

/** Every attendee row of the window's events, one array per field. */
type AttendeeColumns = [
  eventIds: number[],
  ids: number[],
  clientIds: number[],
  checkedInMs: (number | null)[],
  productIds: (number | null)[],
  attended: (boolean | null)[],
];

type ClientRow = [
  id: number,
  firstName: string | null,
  lastName: string | null,
  nickName: string | null,
  hasAlert: boolean,
  isGroup: boolean,
  recordStatus: string | null,
];

/** What the window query answers: a part without rows is null (columns of no rows: nulls). */
export type WindowColumns = [
  events: EventColumns | null[] | null,
  attendees: AttendeeColumns | null[] | null,
  clients: ClientRow[] | null,
  locations: [id: number, color: string | null][] | null,
  products: [id: number, cptCode: string | null][] | null,
  lockedCharts: [eventId: number, locked: number][] | null,
  paidEvents: number[] | null,
  claims?: [eventId: number, claims: number][] | null,
];

/**
 * A window as served: the JSON text of getTherapistAppointments's answer (`{"data":[…]}`),
 * and the clients it names (for the audit row).
 */
export type WindowEvents = { json: string; clientIds: number[]; events: number };

const DAY_MS = 86_400_000;
const EMPTY = '{"data":[]}';

/** The value at a position the loop knows exists (the columns are of one length). */
const at = <T>(values: ArrayLike<T>, i: number): T => values[i] as T;

/** A value as JSON: strings escaped as JSON.stringify does them (most names are empty). */
const jsonOf = (value: string | number | boolean | null | undefined): string =>
  value === ''
    ? '""'
    : value === null || value === undefined
      ? 'null'
      : typeof value === 'string'
        ? JSON.stringify(value)
        : String(value);

const TYPE_CONSTANT: Record<EventKind, string> = {
  appointment: CALENDAR_EVENT_TYPES.appointment,
  meeting: CALENDAR_EVENT_TYPES.meeting,
  out_of_office: CALENDAR_EVENT_TYPES.meeting,
  holiday: CALENDAR_EVENT_TYPES.holiday,
};

/** The type constant and kind of each kind, as an event's JSON writes them. */
const KIND_FIELDS: Record<EventKind, string> = {
  appointment: kindFields('appointment'),
  meeting: kindFields('meeting'),
  out_of_office: kindFields('out_of_office'),
  holiday: kindFields('holiday'),
};

function kindFields(kind: EventKind): string {
  return `"calendar_event_type_constant":${jsonOf(TYPE_CONSTANT[kind])},"calendar_event_kind":${jsonOf(kind)}`;
}

const flagJson = (flags: number, bit: number) => ((flags & bit) === 0 ? 'false' : 'true');

/** The fields every event of the practice's own calendar has alike. */
const CALENDAR_TYPE = 'calendar.type.practice';
const CALENDAR_TYPE_FIELD = `"calendar_type_constant":${jsonOf(CALENDAR_TYPE)}`;

/** 'HH:MM:SS' of a wall time (zoned-time.ts), as toISOString writes it. */
function clockOf(wallMs: number): string {
  const seconds = Math.floor((((wallMs % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}`;
}

/** 0 for Sunday, as getUTCDay of a wall time (1970-01-01 was a Thursday). */
const weekdayOf = (wallMs: number) => (((Math.floor(wallMs / DAY_MS) + 4) % 7) + 7) % 7;

/** An instant as an event's JSON writes it: in UTC, and on the practice's clocks. */
type Instant = { iso: string; weekday: number; clock: string };

/**
 * Each instant worked out once per window: a busy calendar's events start and end on the
 * same few hundred quarter hours, and toISOString and the zone's offset are most of a
 * time's cost.
 */
function instantWriter(timezone: string): (ms: number) => Instant {
  const written = new Map<number, Instant>();
  return (ms) => {
    let instant = written.get(ms);
    if (instant === undefined) {
      const wall = utcToWallTime(ms, timezone);
      instant = {
        iso: `"${new Date(ms).toISOString()}"`,
        weekday: weekdayOf(wall),
        clock: clockOf(wall),
      };
      written.set(ms, instant);
    }
    return instant;
  };
}

/** Per event (by position): its first attendee (lowest id; -1 for none) and attendance counts. */
function attendeesByEvent(eventIds: readonly number[], attendees: AttendeeColumns) {
  const n = eventIds.length;
  const first = new Int32Array(n).fill(-1);
  const attended = new Int32Array(n);
  const unrecorded = new Int32Array(n);
  const position = new Map<number, number>();
  eventIds.forEach((id, i) => position.set(id, i));
  const [events, ids, , , , marks] = attendees;
  for (let a = 0; a < events.length; a++) {
    const i = position.get(at(events, a));
    if (i === undefined) continue;
    const current = at(first, i);
    if (current < 0 || at(ids, a) < at(ids, current)) first[i] = a;
    if (at(marks, a) === true) attended[i] = at(attended, i) + 1;
    else if (at(marks, a) === null) unrecorded[i] = at(unrecorded, i) + 1;
  }
  return { first, attended, unrecorded };
}

/** A client's fields of an event's JSON, written once per client. */
type ClientFields = { names: string; flags: string; isGroup: boolean };

const NO_CLIENT: ClientFields = {
  names: '"patient_first_name":null,"patient_last_name":null,"patient_nick_name":null',
  flags: '"hasAlert":false,"patient_record_status":null,"isGroup":false',
  isGroup: false,
};

function clientFields(rows: readonly ClientRow[]): Map<number, ClientFields> {
  const clients = new Map<number, ClientFields>();
  for (const [id, first, last, nick, alert, isGroup, status] of rows) {
    clients.set(id, {
      names: `"patient_first_name":${jsonOf(first)},"patient_last_name":${jsonOf(last)},"patient_nick_name":${jsonOf(nick)}`,
      flags: `"hasAlert":${jsonOf(alert)},"patient_record_status":${jsonOf(status)},"isGroup":${jsonOf(isGroup)}`,
      isGroup,
    });
  }
  return clients;
}

/** Small lookups (locations' colours, services' codes) as JSON values by id. */
const jsonById = (rows: readonly [number, string | null][] | null) =>
  new Map((rows ?? []).map(([id, value]) => [id, jsonOf(value)]));

const isColumns = <T extends unknown[]>(columns: T | null[] | null): columns is T =>
  columns !== null && columns[0] !== null;

/** The window's columns by name, and what is worked out once for all its events. */
type Window = ReturnType<typeof attendeesByEvent> & {
  ids: number[];
  kinds: EventKind[];
  names: string[];
  therapists: number[];
  starts: number[];
  ends: number[];
  flags: number[];
  locations: (number | null)[];
  positions: (string | null)[];
  cancels: (number | null)[];
  reasons: (string | null)[];
  series: (number | null)[];
  groups: (number | null)[];
  attendeeIds: number[];
  attendeeClients: number[];
  checkedIn: (number | null)[];
  products: (number | null)[];
  clients: Map<number, ClientFields>;
  colours: Map<number, string>;
  codes: Map<number, string>;
  /** Locked billing notes by event id (absent: none). */
  locked: Map<number, number>;
  /** Events with a payment applied to one of their charges. */
  paid: Set<number>;
  /** Claims of the events' attendees by event id (absent: none): the claim-created colour. */
  claims: Map<number, number>;
  instant: (ms: number) => Instant;
  /** The clients the events named so far. */
  shown: Set<number>;
};

/**
 * The window as getTherapistAppointments answers it, by start then id: the text JSON.stringify makes
 * of the contract's CalendarEvent objects (field for field, in the same order; the test
 * beside this file holds it to that), written directly. A month is thousands of events and
 * megabytes of JSON: objects built only to be stringified cost twice as much, and their
 * garbage as much again.
 */
export function windowWire(columns: WindowColumns, timezone: string): WindowEvents {
  const [events, attendeeColumns, clients, locations, products, lockedCharts, paidEvents, claims] =
    columns;
  if (!isColumns(events)) return { json: EMPTY, clientIds: [], events: 0 };
  const attendees: AttendeeColumns = isColumns(attendeeColumns)
    ? attendeeColumns
    : [[], [], [], [], [], []];
  const [ids, kinds, names, therapists, starts, ends, flags, locationIds, positions, ...rest] =
    events;
  const [cancels, reasons, series, groups] = rest;
  const w: Window = {
    ...attendeesByEvent(ids, attendees),
    ids,
    kinds,
    names,
    therapists,
    starts,
    ends,
    flags,
    locations: locationIds,
    positions,
    cancels,
    reasons,
    series,
    groups,
    attendeeIds: attendees[1],
    attendeeClients: attendees[2],
    checkedIn: attendees[3],
    products: attendees[4],
    clients: clientFields(clients ?? []),
    colours: jsonById(locations),
    codes: jsonById(products),
    locked: new Map(lockedCharts ?? []),
    paid: new Set(paidEvents ?? []),
    claims: new Map(claims ?? []),
    instant: instantWriter(timezone),
    shown: new Set<number>(),
  };
  const order = ids.map((_, i) => i);
  order.sort((a, b) => at(starts, a) - at(starts, b) || at(ids, a) - at(ids, b));
  // The answer's opening and closing go in the join, so the text comes out in one piece.
  const texts = order.map((i) => flat(eventJson(w, i)));
  texts[0] = `{"data":[${texts[0] ?? ''}`;
  texts[texts.length - 1] = `${texts[texts.length - 1] ?? ''}]}`;
  const json = texts.join(',');
  return { json, clientIds: [...w.shown], events: order.length };
}

/**
 * The text, copied into one piece now. V8 keeps a string made of pieces as a tree of them
 * (a rope) until something reads its characters; a month's ropes are some 150,000 small
 * objects that, kept until the whole answer is joined, outlive a young-generation collection
 * and are copied and marked as old objects: more than half of the window's time went to the
 * garbage collector. Reading one character copies the event's text into one string at once
 * (V8 flattens a rope to read it) and lets its pieces die young.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** The colour rule's fields of an event (domain calendarItemColour). */
function colourOf(
  w: Window,
  i: number,
  kind: EventKind,
  isGroup: boolean,
  cancelDate: string,
  locked: number,
  paid: boolean,
  claims: number,
) {
  const fields: CalendarEventColourFields = {
    calendar_event_type_constant: TYPE_CONSTANT[kind],
    calendar_type_constant: CALENDAR_TYPE,
    calendar_color: null,
    isGroup,
    patient_chart_locked_count: locked,
    attended_attendee_count: at(w.attended, i),
    claim_count: claims,
    account_payment_exists: paid,
    calendar_event_canceldate: cancelDate === 'null' ? null : cancelDate.slice(1, -1),
  };
  return jsonOf(calendarItemColour(fields));
}

/** One event's JSON (spec-1 §3 'Calendar event as received'), fields in the contract's order. */
function eventJson(w: Window, i: number): string {
  const a = at(w.first, i);
  const clientId = at(w.groups, i) ?? (a < 0 ? null : at(w.attendeeClients, a));
  const client = clientId === null ? undefined : w.clients.get(clientId);
  if (client !== undefined && clientId !== null) w.shown.add(clientId);
  const { names, flags: clientFlags, isGroup } = client ?? NO_CLIENT;
  const kind = at(w.kinds, i);
  const flag = at(w.flags, i);
  const location = at(w.locations, i);
  const product = a < 0 ? null : at(w.products, a);
  const cancelled = at(w.cancels, i);
  const cancelDate = cancelled === null ? 'null' : w.instant(cancelled).iso;
  const checkedIn = a < 0 ? null : at(w.checkedIn, a);
  const start = w.instant(at(w.starts, i));
  const end = w.instant(at(w.ends, i));
  const locked = w.locked.get(at(w.ids, i)) ?? 0;
  const paid = w.paid.has(at(w.ids, i));
  const claims = w.claims.get(at(w.ids, i)) ?? 0;
  return (
    `{"calendar_event_id":${at(w.ids, i)},"calendar_event_name":${jsonOf(at(w.names, i))},` +
    `"user_id_therapist":${at(w.therapists, i)},` +
    `"user_id_patient":${client === undefined ? 'null' : jsonOf(clientId)},` +
    `"calendar_event_attendee_id":${a < 0 ? 'null' : at(w.attendeeIds, a)},${names},` +
    `"start_date_time":${start.iso},"end_date_time":${end.iso},` +
    `"calendar_event_allday":${flagJson(flag, 1)},` +
    `"practice_location_id":${jsonOf(location)},` +
    `"practice_location_color":${location === null ? 'null' : (w.colours.get(location) ?? 'null')},` +
    `"isTeletherapy":${flagJson(flag, 2)},"telehealth_pos":${jsonOf(at(w.positions, i))},` +
    `${clientFlags},"checkedintime":${checkedIn === null ? 'null' : w.instant(checkedIn).iso},` +
    `"day_of_week":${start.weekday},"start_time":"${start.clock}","end_time":"${end.clock}",` +
    `"calendar_event_canceldate":${cancelDate},"cancel_reason":${jsonOf(at(w.reasons, i))},` +
    `"series_id":${jsonOf(at(w.series, i))},"attended_attendee_count":${at(w.attended, i)},` +
    `"awaitingConfirmation":${flagJson(flag, 4)},` +
    `"unrecorded_attendee_count":${at(w.unrecorded, i)},` +
    `"service_code":${product === null ? 'null' : (w.codes.get(product) ?? 'null')},` +
    `${KIND_FIELDS[kind]},${CALENDAR_TYPE_FIELD},"patient_chart_locked_count":${locked},` +
    `"claim_count":${claims},"account_payment_exists":${String(paid)},` +
    `"calendar_color":${colourOf(w, i, kind, isGroup, cancelDate, locked, paid, claims)}}`
  );
}
