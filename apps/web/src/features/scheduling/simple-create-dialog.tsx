export interface SimpleCreateSeed {
  therapistId: number | null;
  /** ISO instant or YYYY-MM-DD for an all-day click. */
  start: string;
  allDay: boolean;
}

export interface SimpleCreateDialogProps {
  seed: SimpleCreateSeed | null;
  onClose: () => void;
  /** The reload callback (spec-1 §4 Simple create dialog). */
  onCreated: () => void;
}

/** The create-calendar-item dialog (being built in issue 5). */
export function SimpleCreateDialog(_props: SimpleCreateDialogProps) {
  return null;
}
