import type { EventInput } from '@fullcalendar/core';
import type {
  AgentAppointment,
  AgentViewEvent,
  ExternalAgentTherapist,
} from '@openpractice/domain';
import { agentTherapistTitle, readableTextColour, toAgentViewEvent } from '@openpractice/domain';

/** What an agent event says beyond its title, for its text and its accessible name. */
export function agentEventDetails(event: Pick<AgentViewEvent, 'isTeletherapy' | 'hasAlert'>) {
  return [event.isTeletherapy ? 'Telehealth' : null, event.hasAlert ? 'Client alert' : null].filter(
    (s): s is string => s !== null,
  );
}

/** An agent-view event as FullCalendar draws it: read-only, its colour by reading B. */
export function toAgentEventInput(row: AgentAppointment): EventInput {
  const event = toAgentViewEvent(row);
  return {
    id: event.id,
    start: event.start,
    end: event.end,
    resourceId: event.resourceId,
    title: event.title,
    allDay: event.allDay,
    backgroundColor: event.color,
    // The location's colour marks the edge, as on the practice's calendar.
    borderColor: event.locationColor ?? event.color,
    textColor: readableTextColour(event.color),
    editable: false,
    classNames: ['op-agent-event', `op-agent-event-${event.status}`],
    extendedProps: {
      type: event.type,
      externalAgentId: event.externalAgentId,
      isTeletherapy: event.isTeletherapy,
      hasAlert: event.hasAlert,
      status: event.status,
      locationColor: event.locationColor,
      color: event.color,
      details: agentEventDetails(event),
    },
  };
}

/** One column per assigned therapist, in the server's order. */
export function toAgentResources(
  therapists: readonly ExternalAgentTherapist[],
  current: { practiceId: number | null },
) {
  return therapists.map((t, index) => ({
    id: String(t.therapist_id),
    title: agentTherapistTitle(t, { practiceId: current.practiceId }),
    sort: index,
  }));
}
