/** `/schedule`: the practice's shared calendar (being built in issue 5). */
export function CalendarPage() {
  return null;
}
