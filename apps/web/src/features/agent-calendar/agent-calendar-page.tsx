/** `/schedule/externalAgent`: the external agent's calendar (being built in issue 5). */
export function AgentCalendarPage() {
  return null;
}
