import {
  LOBBY_CANCELLED_TEXT,
  LOBBY_ENDED_TEXT,
  LOBBY_OPEN_TEXT,
  LOBBY_OPENS_TEXT,
  formatZonedDate,
  formatZonedTime,
  lobbyCountdown,
  telehealthLobbyStatus,
} from '@openpractice/domain';

import type { LobbyAppointment } from './api';

export const NOT_TELEHEALTH_TEXT = 'This appointment is not a telehealth session.';
export const NO_VIDEO_SERVICE_TEXT =
  'This practice has not connected a video service, so the session cannot be joined from here.';

export type LobbyView =
  | { kind: 'not-telehealth'; text: string }
  | { kind: 'cancelled'; text: string }
  | { kind: 'before'; text: string; countdown: string; opensAt: string }
  | { kind: 'open'; text: string; roomUrl: string | null; noRoomText: string | null }
  | { kind: 'ended'; text: string };

/** What the lobby shows now: the status, a countdown before it opens, the room while open. */
export function lobbyView(appointment: LobbyAppointment, now: Date): LobbyView {
  const tele = appointment.teletherapy;
  if (!appointment.isTeletherapy || !tele)
    return { kind: 'not-telehealth', text: NOT_TELEHEALTH_TEXT };
  if (appointment.isCancelled) return { kind: 'cancelled', text: LOBBY_CANCELLED_TEXT };
  const status = telehealthLobbyStatus(appointment.start, appointment.end, now);
  if (status === 'before') {
    const zone = appointment.timezone;
    return {
      kind: 'before',
      text: LOBBY_OPENS_TEXT,
      countdown: lobbyCountdown(tele.opensAt, now),
      opensAt: `${formatZonedTime(tele.opensAt, zone)} on ${formatZonedDate(tele.opensAt, zone)}`,
    };
  }
  if (status === 'ended') return { kind: 'ended', text: LOBBY_ENDED_TEXT };
  return {
    kind: 'open',
    text: LOBBY_OPEN_TEXT,
    roomUrl: tele.roomUrl,
    noRoomText: tele.roomUrl ? null : NO_VIDEO_SERVICE_TEXT,
  };
}
