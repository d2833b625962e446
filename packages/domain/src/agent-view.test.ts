import { describe, expect, it } from 'vitest';
import {
  agentEventStatus,
  agentEventTitle,
  agentTherapistTitle,
  agentWeekOf,
  clientInitials,
  shortenPracticeName,
  toAgentViewEvent,
  type AgentAppointment,
  type ExternalAgentTherapist,
} from './agent-view.ts';
import { CALENDAR_COLOURS, CALENDAR_EVENT_TYPES } from './calendar-colours.ts';

describe('shortenPracticeName', () => {
  it.each([
    ['Harbor Light Therapy', 'Harbor Light T…'],
    ['Riverbend Counseling Collective', 'Riverbend Coun…'],
    ['Short Name', 'Short Name'],
    ['Exactly 15 char', 'Exactly 15 char'],
    ['Sixteen chars ab', 'Sixteen chars…'],
    ['  Padded  ', 'Padded'],
  ])('%j → %j', (name, short) => {
    expect(shortenPracticeName(name)).toBe(short);
    expect(shortenPracticeName(name).length).toBeLessThanOrEqual(15);
  });
});

describe('agentTherapistTitle: the practice name only when it differs', () => {
  const therapist = (over: Partial<ExternalAgentTherapist> = {}): ExternalAgentTherapist => ({
    therapist_id: 3,
    therapist_name: 'Theresa Quinn',
    practice_name: 'Riverbend Counseling Collective',
    external_agent_id: 1,
    practice_id: 1,
    ...over,
  });

  it.each<
    [
      string,
      ExternalAgentTherapist,
      { practiceId?: number | null; practiceName?: string | null },
      string,
    ]
  >([
    [
      'same practice id',
      therapist(),
      { practiceId: 1, practiceName: 'Riverbend Counseling Collective' },
      'Theresa Quinn',
    ],
    [
      'another practice',
      therapist({ practice_id: 2, practice_name: 'Harbor Light Therapy' }),
      { practiceId: 1 },
      'Theresa Quinn (Harbor Light T…)',
    ],
    [
      'same name, other id',
      therapist({ practice_id: 2 }),
      { practiceId: 1, practiceName: 'Riverbend Counseling Collective' },
      'Theresa Quinn (Riverbend Coun…)',
    ],
    [
      'no ids: names decide (same)',
      therapist({ practice_id: undefined }),
      { practiceName: 'Riverbend Counseling Collective' },
      'Theresa Quinn',
    ],
    [
      'no ids: names decide (other)',
      therapist({ practice_id: undefined, practice_name: 'Oak Tree' }),
      { practiceName: 'Riverbend Counseling Collective' },
      'Theresa Quinn (Oak Tree)',
    ],
    [
      'no current practice',
      therapist(),
      { practiceId: null, practiceName: null },
      'Theresa Quinn (Riverbend Coun…)',
    ],
  ])('%s', (_label, t, current, title) => {
    expect(agentTherapistTitle(t, current)).toBe(title);
  });
});

describe('what the agent may read', () => {
  it.each<[string | null, string | null, string]>([
    ['Margaret', 'Hamilton', 'M. H.'],
    ['  robert', 'sinclair', 'R. S.'],
    ['Cher', '', 'C.'],
    [null, null, ''],
  ])('initials of %s %s are %j', (first, last, initials) => {
    expect(clientInitials(first, last)).toBe(initials);
  });

  it.each<[Parameters<typeof agentEventTitle>[0], string]>([
    [
      { kind: 'appointment', clientInitials: 'M. H.', isGroup: false, cancelled: false },
      'Appointment (M. H.)',
    ],
    [{ kind: 'appointment', clientInitials: '', isGroup: false, cancelled: false }, 'Appointment'],
    [
      { kind: 'appointment', clientInitials: 'T. D.', isGroup: true, cancelled: false },
      'Group appointment',
    ],
    [
      { kind: 'appointment', clientInitials: 'M. H.', isGroup: false, cancelled: true },
      'Cancelled: Appointment (M. H.)',
    ],
    [{ kind: 'meeting', clientInitials: '', isGroup: false, cancelled: false }, 'Meeting'],
    [
      { kind: 'out_of_office', clientInitials: '', isGroup: false, cancelled: false },
      'Out of Office',
    ],
    [
      {
        kind: 'holiday',
        clientInitials: '',
        isGroup: false,
        holidayName: 'Thanksgiving',
        cancelled: false,
      },
      'Thanksgiving',
    ],
    [
      { kind: 'holiday', clientInitials: '', isGroup: false, holidayName: ' ', cancelled: false },
      'Holiday',
    ],
  ])('title of %j is %j', (input, title) => {
    expect(agentEventTitle(input)).toBe(title);
  });

  it.each<[Parameters<typeof agentEventStatus>[0], string]>([
    [{ cancelled: true, attendedCount: 1, noShowCount: 0, notAttendedCount: 0 }, 'cancelled'],
    [{ cancelled: false, attendedCount: 1, noShowCount: 1, notAttendedCount: 0 }, 'attended'],
    [{ cancelled: false, attendedCount: 0, noShowCount: 1, notAttendedCount: 1 }, 'no_show'],
    [{ cancelled: false, attendedCount: 0, noShowCount: 0, notAttendedCount: 1 }, 'not_attended'],
    [{ cancelled: false, attendedCount: 0, noShowCount: 0, notAttendedCount: 0 }, 'scheduled'],
  ])('status of %j is %s', (input, status) => {
    expect(agentEventStatus(input)).toBe(status);
  });
});

describe('toAgentViewEvent (spec-1 §3 Agent-view event, colours by reading B)', () => {
  const row = (over: Partial<AgentAppointment> = {}): AgentAppointment => ({
    calendar_event_id: 41,
    calendar_event_type_constant: CALENDAR_EVENT_TYPES.appointment,
    calendar_event_kind: 'appointment',
    calendar_type_constant: 'calendar.type.practice',
    calendar_event_name: 'Appointment (M. H.)',
    therapist_id: 3,
    start_date_time: '2026-11-23T14:00:00.000Z',
    end_date_time: '2026-11-23T15:00:00.000Z',
    all_day: false,
    calendar_color: null,
    practice_location_id: 2,
    location_color: '#00838F',
    is_teletherapy: true,
    has_alert: true,
    calendar_event_canceldate: null,
    patient_chart_locked_count: 0,
    claim_count: 0,
    account_payment_exists: false,
    attended_attendee_count: 0,
    isGroup: false,
    external_agent_id: 9,
    status: 'scheduled',
    ...over,
  });

  it('maps every field', () => {
    expect(toAgentViewEvent(row())).toEqual({
      id: '41',
      start: '2026-11-23T14:00:00.000Z',
      end: '2026-11-23T15:00:00.000Z',
      resourceId: '3',
      title: 'Appointment (M. H.)',
      allDay: false,
      type: 'appointment',
      externalAgentId: 9,
      isTeletherapy: true,
      hasAlert: true,
      status: 'scheduled',
      locationColor: '#00838F',
      color: CALENDAR_COLOURS.appointment,
    });
  });

  it.each<[string, Partial<AgentAppointment>, string | undefined]>([
    ['appointment', {}, CALENDAR_COLOURS.appointment],
    [
      'meeting',
      {
        calendar_event_type_constant: CALENDAR_EVENT_TYPES.meeting,
        calendar_event_kind: 'meeting',
      },
      CALENDAR_COLOURS.meeting,
    ],
    ['chart locked', { patient_chart_locked_count: 1 }, CALENDAR_COLOURS.chartLocked],
    [
      'claim over locked',
      { patient_chart_locked_count: 1, claim_count: 1 },
      CALENDAR_COLOURS.claimCreated,
    ],
    [
      'payment, chart not locked',
      { account_payment_exists: true, claim_count: 1 },
      CALENDAR_COLOURS.paymentNotLocked,
    ],
    [
      'payment with chart locked: claim',
      { account_payment_exists: true, claim_count: 1, patient_chart_locked_count: 1 },
      CALENDAR_COLOURS.claimCreated,
    ],
    [
      'cancelled wins over everything',
      {
        calendar_event_canceldate: '2026-11-20T10:00:00.000Z',
        account_payment_exists: true,
        claim_count: 2,
        patient_chart_locked_count: 1,
      },
      CALENDAR_COLOURS.cancelled,
    ],
    ['remote calendar: no colour', { calendar_type_constant: 'calendar.type.remote' }, undefined],
  ])('%s', (_label, over, colour) => {
    expect(toAgentViewEvent(row(over)).color).toBe(colour);
  });
});

describe('agentWeekOf: Sunday to Sunday', () => {
  it.each([
    ['2026-11-21', '2026-11-15', '2026-11-22'],
    ['2026-11-22', '2026-11-22', '2026-11-29'],
    ['2026-11-28', '2026-11-22', '2026-11-29'],
    ['2026-12-31', '2026-12-27', '2027-01-03'],
    ['2026-03-08', '2026-03-08', '2026-03-15'],
  ])('%s → %s … %s', (date, start, end) => {
    expect(agentWeekOf(date)).toEqual({ start, end });
  });

  it('refuses a non-date', () => {
    expect(() => agentWeekOf('soon')).toThrow(RangeError);
  });
});
