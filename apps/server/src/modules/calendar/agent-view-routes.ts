import * as contract from '@openpractice/contracts/calendar/agent-view';
import {
  CALENDAR_EVENT_TYPES,
  agentEventStatus,
  agentEventTitle,
  agentWeekOf,
  calendarItemColour,
  clientInitials,
} from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import {
  agentEventsInWeek,
  practiceToday,
  therapistsOfAgent,
  type AgentEventSourceRow,
} from './agent-view-queries.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';

const TYPE_CONSTANT: Record<AgentEventSourceRow['kind'], string> = {
  appointment: CALENDAR_EVENT_TYPES.appointment,
  meeting: CALENDAR_EVENT_TYPES.meeting,
  out_of_office: CALENDAR_EVENT_TYPES.meeting,
  holiday: CALENDAR_EVENT_TYPES.holiday,
};

/** An event as the agent may read it (minimum necessary; see agent-view.ts in the domain). */
function toAgentAppointment(row: AgentEventSourceRow): z.output<typeof contract.agentAppointment> {
  const cancelled = row.calendar_event_canceldate !== null;
  const event = {
    calendar_event_id: row.calendar_event_id,
    calendar_event_type_constant: TYPE_CONSTANT[row.kind],
    calendar_event_kind: row.kind,
    calendar_type_constant: 'calendar.type.practice',
    calendar_event_name: agentEventTitle({
      kind: row.kind,
      clientInitials: clientInitials(row.first_initial, row.last_initial),
      isGroup: row.is_group,
      holidayName: row.holiday_name,
      cancelled,
    }),
    therapist_id: row.therapist_id,
    start_date_time: row.start_date_time,
    end_date_time: row.end_date_time,
    all_day: row.all_day,
    practice_location_id: row.practice_location_id,
    location_color: row.location_color,
    is_teletherapy: row.is_teletherapy,
    has_alert: row.has_alert,
    isGroup: row.is_group,
    calendar_event_canceldate: row.calendar_event_canceldate,
    patient_chart_locked_count: row.locked_chart_count,
    claim_count: row.claim_count,
    account_payment_exists: row.payment_exists,
    attended_attendee_count: row.attended_count,
    external_agent_id: row.external_agent_id,
    status: agentEventStatus({
      cancelled,
      attendedCount: row.attended_count,
      noShowCount: row.no_show_count,
      notAttendedCount: row.not_attended_count,
    }),
  };
  return { ...event, calendar_color: calendarItemColour(event) };
}

/**
 * The external agent's calendar view (spec-1 §2, /schedule/externalAgent):
 * only sessions acting under an external agent identity may call it.
 */
export const agentViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listTherapistsByExternalAgent.path,
    {
      config: { access: 'externalAgent', audit: 'none' },
      schema: contract.listTherapistsByExternalAgent.schema,
    },
    async (request) => {
      const auth = authOf(request);
      const practiceId = practiceScope(request);
      const therapists = await therapistsOfAgent(app.db, {
        userId: auth.realUser.id,
        currentPracticeId: practiceId,
      });
      return { data: { therapists, current_practice_id: practiceId } };
    },
  );

  app.get(
    contract.getTherapistAppointmentsByExternalAgent.path,
    {
      config: {
        access: 'externalAgent',
        // One row per read naming every client whose appointment it showed (as initials).
        audit: { action: 'client.agent_calendar_viewed', kind: 'list' },
      },
      schema: contract.getTherapistAppointmentsByExternalAgent.schema,
    },
    async (request) => {
      const auth = authOf(request);
      const practiceId = practiceScope(request);
      const date = request.query.date ?? (await practiceToday(app.db, practiceId, app.now()));
      const week = agentWeekOf(date);
      const rows = await agentEventsInWeek(app.db, {
        userId: auth.realUser.id,
        weekStart: week.start,
        weekEnd: week.end,
      });
      // The clients are not sent (initials only), so the handler names them for the audit row.
      const clients = new Set<number>();
      const otherPractices = new Set<number>();
      for (const row of rows) {
        for (const clientId of row.client_ids) clients.add(clientId);
        if (row.practice_id !== practiceId) otherPractices.add(row.practice_id);
      }
      noteAudit(request, {
        patientIds: clients,
        detail: {
          externalAgentId: auth.externalAgentId,
          week: week.start,
          events: rows.length,
          // The row is kept in the practice the agent acts for; say which others it read.
          ...(otherPractices.size > 0 ? { otherPracticeIds: [...otherPractices] } : {}),
        },
      });
      // The agent sees times on the clock of the practice it acts for.
      const timezone = await practiceTimezone(app.db, practiceId);
      return { data: { week, timezone, appointments: rows.map(toAgentAppointment) } };
    },
  );
};
