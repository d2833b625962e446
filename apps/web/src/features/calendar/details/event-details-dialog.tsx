import { AppointmentDetailsDialog } from './appointment-details-dialog';
import { MeetingDetailsDialog } from './meeting-details-dialog';

export type CalendarEventKind = 'appointment' | 'meeting' | 'out_of_office' | 'holiday';

export interface DetailsTarget {
  eventId: number;
  /** The attendee row (calendar_event_attendee_id) for appointments. */
  attendeeId: number | null;
  kind: CalendarEventKind;
}

export interface EventDetailsDialogProps {
  target: DetailsTarget | null;
  onClose: () => void;
  /** Something changed (attendance, check-in, cancel, edit, delete): refetch the calendar. */
  onChanged: () => void;
}

/**
 * The details of a calendar event (spec-1 §3 Appointment details, Meeting
 * details): appointments with attendance, check-in, telehealth, cancel and
 * edit; meetings, out-of-office blocks and holidays with edit and delete.
 * Keyed by the event, so opening another event starts afresh.
 */
export function EventDetailsDialog({ target, onClose, onChanged }: EventDetailsDialogProps) {
  if (!target) return null;
  return target.kind === 'appointment' ? (
    <AppointmentDetailsDialog
      key={`appointment-${target.eventId}`}
      eventId={target.eventId}
      attendeeId={target.attendeeId}
      onClose={onClose}
      onChanged={onChanged}
    />
  ) : (
    <MeetingDetailsDialog
      key={`meeting-${target.eventId}`}
      eventId={target.eventId}
      onClose={onClose}
      onChanged={onChanged}
    />
  );
}
