/** `/telehealth/:id`: an appointment's telehealth lobby (being built in issue 5). */
export function TelehealthLobbyPage() {
  return null;
}
