import {
  CALENDAR_COLOURS,
  CALENDAR_EVENT_TYPES,
  type AgentAppointment,
} from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import { agentEventDetails, toAgentEventInput, toAgentResources } from './agent-event-input';

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
  is_teletherapy: false,
  has_alert: false,
  calendar_event_canceldate: null,
  external_agent_id: 9,
  status: 'scheduled',
  ...over,
});

describe('toAgentEventInput', () => {
  it('draws the agent-view event read-only, in its reading-B colour with readable text', () => {
    expect(toAgentEventInput(row({ is_teletherapy: true, has_alert: true }))).toEqual({
      id: '41',
      start: '2026-11-23T14:00:00.000Z',
      end: '2026-11-23T15:00:00.000Z',
      resourceId: '3',
      title: 'Appointment (M. H.)',
      allDay: false,
      backgroundColor: CALENDAR_COLOURS.appointment,
      borderColor: '#00838F',
      textColor: '#000000',
      editable: false,
      classNames: ['op-agent-event', 'op-agent-event-scheduled'],
      extendedProps: {
        type: 'appointment',
        externalAgentId: 9,
        isTeletherapy: true,
        hasAlert: true,
        status: 'scheduled',
        locationColor: '#00838F',
        color: CALENDAR_COLOURS.appointment,
        details: ['Telehealth', 'Client alert'],
      },
    });
  });

  it('shows a cancelled event red, edged in its own colour without a location', () => {
    const input = toAgentEventInput(
      row({
        calendar_event_canceldate: '2026-11-20T10:00:00.000Z',
        status: 'cancelled',
        location_color: null,
      }),
    );
    expect(input).toMatchObject({
      backgroundColor: CALENDAR_COLOURS.cancelled,
      borderColor: CALENDAR_COLOURS.cancelled,
      classNames: ['op-agent-event', 'op-agent-event-cancelled'],
    });
  });

  it.each([
    [{ isTeletherapy: false, hasAlert: false }, []],
    [{ isTeletherapy: true, hasAlert: false }, ['Telehealth']],
    [{ isTeletherapy: false, hasAlert: true }, ['Client alert']],
  ])('details of %j', (event, details) => {
    expect(agentEventDetails(event)).toEqual(details);
  });
});

describe('toAgentResources', () => {
  it('titles each therapist column, adding the practice when it differs', () => {
    expect(
      toAgentResources(
        [
          {
            therapist_id: 3,
            therapist_name: 'Theresa Quinn',
            practice_name: 'Riverbend Counseling Collective',
            external_agent_id: 1,
            practice_id: 1,
          },
          {
            therapist_id: 9,
            therapist_name: 'Nora Second',
            practice_name: 'Harbor Light Therapy',
            external_agent_id: 2,
            practice_id: 2,
          },
        ],
        { practiceId: 1 },
      ),
    ).toEqual([
      { id: '3', title: 'Theresa Quinn', sort: 0 },
      { id: '9', title: 'Nora Second (Harbor Light T…)', sort: 1 },
    ]);
  });
});
