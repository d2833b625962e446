import { z } from 'zod';
import { dataOf } from '../common.ts';
import { defineCall } from '../define.ts';
import { eventKind } from './wire.ts';

/**
 * The external agent's calendar view (spec-1 §2, /schedule/externalAgent):
 * only sessions acting under an external agent identity may call it.
 */

/** spec-1 §3 'External-agent therapist'. */
export const agentTherapist = z.object({
  therapist_id: z.number(),
  therapist_name: z.string(),
  practice_name: z.string(),
  external_agent_id: z.number(),
  /** Added by this project, so practices with the same name are still told apart. */
  practice_id: z.number(),
});

export const listTherapistsByExternalAgent = defineCall(
  'GET',
  '/calendar/listTherapistsByExternalAgent',
  {
    response: {
      200: dataOf(
        z.object({
          therapists: z.array(agentTherapist),
          /** The practice the agent acts for now. */
          current_practice_id: z.number(),
        }),
      ),
    },
  },
);

/** An event as the agent may read it: the minimum necessary, clients by initials only. */
export const agentAppointment = z.object({
  calendar_event_id: z.number(),
  calendar_event_type_constant: z.string(),
  calendar_event_kind: eventKind,
  calendar_type_constant: z.string(),
  /** The title the agent may see (agentEventTitle), never the client's name. */
  calendar_event_name: z.string(),
  therapist_id: z.number(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  all_day: z.boolean(),
  practice_location_id: z.number().nullable(),
  location_color: z.string().nullable(),
  is_teletherapy: z.boolean(),
  has_alert: z.boolean(),
  isGroup: z.boolean(),
  calendar_event_canceldate: z.string().nullable(),
  patient_chart_locked_count: z.number(),
  claim_count: z.number(),
  account_payment_exists: z.boolean(),
  attended_attendee_count: z.number(),
  external_agent_id: z.number(),
  status: z.enum(['scheduled', 'attended', 'not_attended', 'no_show', 'cancelled']),
  calendar_color: z.string().nullable(),
});

export const getTherapistAppointmentsByExternalAgent = defineCall(
  'GET',
  '/calendar/getTherapistAppointmentsByExternalAgent',
  {
    querystring: z.object({
      /** A day of the week to show (YYYY-MM-DD); today in the current practice when absent. */
      date: z.iso.date().optional(),
    }),
    response: {
      200: dataOf(
        z.object({
          week: z.object({ start: z.string(), end: z.string() }),
          /** The current practice's zone: times show on its clock. */
          timezone: z.string(),
          appointments: z.array(agentAppointment),
        }),
      ),
    },
  },
);
