/** Placeholder until built (issue in progress); not linked from the navigation. */
export function FindAppointmentPage() {
  return null;
}
