/** Seeds the scheduling dialog (spec-1 §3 Scheduling request); `null` keeps it closed. */
export type SchedulingRequestType = 'Appointment' | 'Meeting' | 'Out of Office';
export interface SchedulingSeed {
  requestType?: SchedulingRequestType;
  allowTypeSelection?: boolean;
  therapistId?: number | null;
  clientId?: number | null;
  /** ISO instant of the chosen slot. */
  start?: string;
  allDay?: boolean;
  mustBeAllDay?: boolean;
  locationId?: number | null;
}

export interface SchedulingDialogProps {
  seed: SchedulingSeed | null;
  onClose: () => void;
  onBooked: (eventIds: number[]) => void;
}

/** The scheduling dialog (being built in issue 5). */
export function SchedulingDialog(_props: SchedulingDialogProps) {
  return null;
}
