import { describe, expect, it } from 'vitest';

import type { LobbyAppointment } from './api';
import { lobbyView, NO_VIDEO_SERVICE_TEXT, NOT_TELEHEALTH_TEXT } from './lobby-view';

const appointment = (over: Partial<LobbyAppointment> = {}): LobbyAppointment => ({
  calendar_event_id: 42,
  clientName: 'Ana Diaz',
  start: '2031-03-15T18:00:00.000Z',
  end: '2031-03-15T19:00:00.000Z',
  timezone: 'America/New_York',
  therapistName: 'Tina Therapist',
  isTeletherapy: true,
  isCancelled: false,
  teletherapy: {
    message: '',
    isReady: false,
    status: 'before',
    opensAt: '2031-03-15T17:45:00.000Z',
    closesAt: '2031-03-15T19:15:00.000Z',
    roomUrl: 'https://video.example.com/room/42',
    roomConfigured: true,
  },
  ...over,
});

describe('lobbyView', () => {
  it('counts down before the lobby opens and says when it opens, on the practice clock', () => {
    expect(lobbyView(appointment(), new Date('2031-03-15T16:40:00.000Z'))).toEqual({
      kind: 'before',
      text: 'The session opens 15 minutes before it starts.',
      countdown: 'Opens in 1 hour 5 minutes',
      opensAt: '1:45 PM on 03/15/2031',
    });
  });

  it('offers the room while open, whatever the status was when loaded', () => {
    expect(lobbyView(appointment(), new Date('2031-03-15T17:45:00.000Z'))).toEqual({
      kind: 'open',
      text: 'The session is open. Join when you are ready.',
      roomUrl: 'https://video.example.com/room/42',
      noRoomText: null,
    });
  });

  it('says so when no video service is connected', () => {
    const tele = { ...appointment().teletherapy!, roomUrl: null, roomConfigured: false };
    expect(
      lobbyView(appointment({ teletherapy: tele }), new Date('2031-03-15T18:30:00.000Z')),
    ).toMatchObject({
      kind: 'open',
      roomUrl: null,
      noRoomText: NO_VIDEO_SERVICE_TEXT,
    });
  });

  it.each([
    [appointment(), '2031-03-15T19:15:00.000Z', 'ended', 'This session has ended.'],
    [
      appointment({ isCancelled: true }),
      '2031-03-15T18:30:00.000Z',
      'cancelled',
      'This appointment was cancelled.',
    ],
    [
      appointment({ isTeletherapy: false, teletherapy: null }),
      '2031-03-15T18:30:00.000Z',
      'not-telehealth',
      NOT_TELEHEALTH_TEXT,
    ],
  ])('%#: at %s it is %s', (row, now, kind, text) => {
    expect(lobbyView(row, new Date(now))).toMatchObject({ kind, text });
  });
});
