import { z } from 'zod';
import { bodyId, queryId } from '../clients/profile-schemas.ts';
import { dayOrInstant } from './schemas.ts';

const MAX_ID = 2_147_483_647;
const MAX_DURATION_MINUTES = 24 * 60;

/** Legacy booleans arrive as 1/0, '1'/'0', 'true'/'false' or booleans. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const eventIdParams = z.object({ eventId: queryId });
export const meetingIdParams = z.object({ id: queryId });

/** The attendee may be 0 for a group appointment that has no attendee rows yet. */
export const appointmentDetailsParams = z.object({
  eventId: queryId,
  attendeeId: z.coerce.number().int().min(0).max(MAX_ID),
});

/** practiceId and userIdTherapist are sent by the spec's client; the session decides both. */
export const attendeeDetailsBody = z.object({
  calendarEventId: bodyId,
  practiceId: z.unknown().optional(),
  userIdTherapist: z.unknown().optional(),
});

export const toggleCheckedInBody = z.object({
  calendarEventId: bodyId,
  patientId: bodyId,
});

export const groupProductsBody = z.object({
  groupId: bodyId,
  therapistId: bodyId,
});

export const updateMeetingBody = z.object({
  calendar_event_id: bodyId,
  eventName: z.string().trim().max(200).default(''),
  startDateTime: dayOrInstant,
  duration: z.number().int().positive().max(MAX_DURATION_MINUTES).default(60),
  allDay: flag.default(false),
});
export type UpdateMeetingInput = z.infer<typeof updateMeetingBody>;

export const deleteMeetingBody = z.object({ calendar_event_id: bodyId });

/** editAttendance/save: everything in the query string, as the spec's legacy call sends it. */
export const saveAttendanceQuery = z.object({
  calendar_event_attendee_id: queryId,
  calendar_event_attendee_attended: flag,
  /** Empty or absent keeps the attendee's product. */
  product_id: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), queryId.optional()),
  calendar_event_attendee_noShow: flag.default(false),
});
export type SaveAttendanceInput = z.infer<typeof saveAttendanceQuery>;

export const resetAttendanceQuery = z.object({ calendar_event_attendee_id: queryId });
