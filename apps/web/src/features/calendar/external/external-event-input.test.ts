import { describe, expect, it } from 'vitest';

import { toExternalEventInput } from './external-event-input';

describe('toExternalEventInput (spec-1 §3 External-calendar event)', () => {
  it('maps id, title, times, all-day, calendar id and colour, never editable', () => {
    expect(
      toExternalEventInput({
        id: 12,
        title: 'Dentist',
        start: '2026-12-06T19:00:00.000Z',
        end: '2026-12-06T20:00:00.000Z',
        allDay: false,
        calendarId: 3,
        color: '#6A1B9A',
        therapistId: 7,
      }),
    ).toEqual({
      id: 'external-12',
      title: 'Dentist',
      start: '2026-12-06T19:00:00.000Z',
      end: '2026-12-06T20:00:00.000Z',
      allDay: false,
      resourceId: '7',
      backgroundColor: '#6A1B9A',
      borderColor: '#6A1B9A',
      textColor: '#ffffff',
      editable: false,
      startEditable: false,
      durationEditable: false,
      resourceEditable: false,
      classNames: ['op-external-event'],
      extendedProps: { kind: 'external', calendarId: 3, color: '#6A1B9A', therapistId: 7 },
    });
  });

  it('keeps all-day events as days', () => {
    const input = toExternalEventInput({
      id: 1,
      title: 'Busy',
      start: '2026-12-24',
      end: '2026-12-26',
      allDay: true,
      calendarId: 3,
      color: '#00695C',
      therapistId: 7,
    });
    expect(input).toMatchObject({
      start: '2026-12-24',
      end: '2026-12-26',
      allDay: true,
      title: 'Busy',
    });
  });
});
