import { calendarEvent } from '@openpractice/contracts/calendar/events';
import { CALENDAR_COLOURS } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';
import { windowWire, type WindowColumns } from './window-wire.ts';

const ms = (iso: string) => Date.parse(iso);

/** Four events in the query's column form: given out of order, as the database may. */
const columns: WindowColumns = [
  [
    [30, 10, 20, 40],
    ['meeting', 'appointment', 'appointment', 'holiday'],
    ['Team "sync" \\ é\n', '', 'Group', 'Closed'],
    [7, 7, 8, 7],
    // 10 and 20 start together (ordered by id); 30 on the morning New York's clocks go back.
    [
      ms('2026-11-01T05:30:00Z'),
      ms('2026-11-02T14:00:00Z'),
      ms('2026-11-02T14:00:00Z'),
      ms('2026-11-26T05:00:00Z'),
    ],
    [
      ms('2026-11-01T07:00:00.250Z'),
      ms('2026-11-02T14:45:00Z'),
      ms('2026-11-02T15:30:00Z'),
      ms('2026-11-27T05:00:00Z'),
    ],
    [2, 4, 0, 1],
    [null, 1, 2, null],
    ['10', null, null, null],
    [null, ms('2026-10-30T12:00:00.123Z'), null, null],
    [null, 'Ill', null, null],
    [null, 5, null, null],
    [null, null, 900, null],
  ],
  [
    [10, 10, 20, 20, 20],
    [102, 101, 201, 202, 203],
    [51, 50, 60, 61, 62],
    [null, ms('2026-11-02T13:55:00Z'), null, null, null],
    [null, 3, 4, null, null],
    [null, true, true, false, null],
  ],
  [
    [50, 'Ann', 'Lee', 'Annie', true, false, 'Active'],
    [900, 'Tuesday', 'Group', null, false, true, null],
  ],
  [[1, '#1565C0']],
  [[3, '90837']],
  [[20, 1]],
  null,
];

describe('windowWire', () => {
  const wire = windowWire(columns, 'America/New_York');
  const events = (JSON.parse(wire.json) as { data: Record<string, unknown>[] }).data;

  it("writes what JSON.stringify writes of the contract's events, field for field in order", () => {
    expect(wire.json).toBe(JSON.stringify({ data: events }));
    for (const event of events) {
      expect(Object.keys(event)).toEqual(Object.keys(calendarEvent.shape));
      expect(() => calendarEvent.strict().parse(event)).not.toThrow();
    }
  });

  it('orders by start then id, and names the clients it shows', () => {
    expect(events.map((e) => e.calendar_event_id)).toEqual([30, 10, 20, 40]);
    expect(wire.events).toBe(4);
    expect(wire.clientIds.sort()).toEqual([50, 900]);
  });

  it("takes the first attendee's client, check-in and service, and counts attendance", () => {
    expect(events[1]).toMatchObject({
      user_id_patient: 50,
      calendar_event_attendee_id: 101,
      patient_first_name: 'Ann',
      patient_nick_name: 'Annie',
      hasAlert: true,
      patient_record_status: 'Active',
      checkedintime: '2026-11-02T13:55:00.000Z',
      service_code: '90837',
      attended_attendee_count: 1,
      unrecorded_attendee_count: 1,
      awaitingConfirmation: true,
      practice_location_color: '#1565C0',
      calendar_event_canceldate: '2026-10-30T12:00:00.123Z',
      cancel_reason: 'Ill',
      series_id: 5,
      calendar_color: CALENDAR_COLOURS.cancelled,
    });
    // A group appointment is named by its group, whoever attends.
    expect(events[2]).toMatchObject({
      user_id_patient: 900,
      calendar_event_attendee_id: 201,
      isGroup: true,
      patient_last_name: 'Group',
      attended_attendee_count: 1,
      unrecorded_attendee_count: 1,
      practice_location_id: 2,
      practice_location_color: null,
      // Its one attended member's note is locked: the chart is done.
      patient_chart_locked_count: 1,
      calendar_color: CALENDAR_COLOURS.chartLocked,
    });
    expect(events[1]).toMatchObject({ patient_chart_locked_count: 0 });
  });

  it('keeps a group whose members are not all charted unlocked (the group chart warning)', () => {
    const attendees = columns[1] as unknown[][];
    const twoAttended = [...columns] as WindowColumns;
    twoAttended[1] = attendees.map((column, c) =>
      c === 5 ? [null, true, true, false, true] : column,
    ) as WindowColumns[1];
    const group = (
      JSON.parse(windowWire(twoAttended, 'UTC').json) as { data: Record<string, unknown>[] }
    ).data.find((e) => e.calendar_event_id === 20);
    expect(group).toMatchObject({
      patient_chart_locked_count: 1,
      attended_attendee_count: 2,
      account_payment_exists: false,
      calendar_color: CALENDAR_COLOURS.appointment,
    });
    // Paid while its charts are not all locked: orange.
    twoAttended[6] = [20];
    const paid = (
      JSON.parse(windowWire(twoAttended, 'UTC').json) as { data: Record<string, unknown>[] }
    ).data.find((e) => e.calendar_event_id === 20);
    expect(paid).toMatchObject({
      account_payment_exists: true,
      calendar_color: CALENDAR_COLOURS.paymentNotLocked,
    });
  });

  it("reads days and clock times on the practice's clocks, across a clock change", () => {
    expect(events[0]).toMatchObject({
      calendar_event_name: 'Team "sync" \\ é\n',
      user_id_patient: null,
      calendar_event_attendee_id: null,
      checkedintime: null,
      isTeletherapy: true,
      telehealth_pos: '10',
      day_of_week: 0,
      start_time: '01:30:00',
      end_time: '02:00:00',
      end_date_time: '2026-11-01T07:00:00.250Z',
      calendar_event_kind: 'meeting',
      calendar_event_type_constant: 'calendarevent.type.meeting',
      calendar_color: CALENDAR_COLOURS.meeting,
    });
    expect(events[3]).toMatchObject({
      calendar_event_allday: true,
      day_of_week: 4,
      start_time: '00:00:00',
      calendar_event_type_constant: 'calendarevent.type.holiday',
      calendar_color: null,
    });
  });

  it('answers an empty window, as the query gives it', () => {
    const empty: WindowColumns = [
      Array(13).fill(null),
      Array(6).fill(null),
      null,
      null,
      null,
      null,
      null,
    ];
    expect(windowWire(empty, 'UTC')).toEqual({ json: '{"data":[]}', clientIds: [], events: 0 });
  });

  it('answers a window of one event', () => {
    const one = columns.map((part, p) =>
      p < 2 ? (part as unknown[][]).map((column) => column.slice(0, 1)) : part,
    ) as WindowColumns;
    const answer = windowWire(one, 'UTC');
    expect(answer.events).toBe(1);
    expect(answer.json).toBe(JSON.stringify(JSON.parse(answer.json)));
    expect((JSON.parse(answer.json) as { data: { calendar_event_id: number }[] }).data).toEqual([
      expect.objectContaining({ calendar_event_id: 30, start_time: '05:30:00' }),
    ]);
  });
});
