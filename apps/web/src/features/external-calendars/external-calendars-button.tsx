export interface ExternalCalendarsButtonProps {
  therapistId: number;
  onChanged: () => void;
}

/** Connect, sync and remove external (ICS) calendars (being built in issue 5). */
export function ExternalCalendarsButton(_props: ExternalCalendarsButtonProps) {
  return null;
}
