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

/** Appointment and meeting details (being built in issue 5). */
export function EventDetailsDialog(_props: EventDetailsDialogProps) {
  return null;
}
