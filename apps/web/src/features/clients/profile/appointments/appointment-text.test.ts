import { describe, expect, it } from 'vitest';

import type { ClientAppointment } from './api';
import {
  appointmentStatus,
  appointmentSummary,
  appointmentWhen,
  nextAppointmentText,
} from './appointment-text';

const ZONE = 'America/New_York';

const base: ClientAppointment = {
  eventId: 7,
  attendeeId: 70,
  start: '2040-06-12T14:00:00.000Z',
  end: '2040-06-12T15:00:00.000Z',
  allDay: false,
  durationMinutes: 60,
  therapistId: 3,
  therapistName: 'Theresa Quinn',
  service: 'Psychotherapy, 60 minutes',
  serviceCode: '90837',
  location: 'Main office',
  isTelehealth: false,
  groupName: null,
  attendance: 'unknown',
  awaitingConfirmation: false,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
};

describe('appointment text', () => {
  it("reads the date and time on the practice's clocks, in the spec's formats", () => {
    expect(appointmentWhen(base, ZONE)).toEqual({ date: '06/12/2040', time: '10:00 AM' });
    expect(appointmentWhen({ ...base, allDay: true }, ZONE).time).toBe('All day');
  });

  it('sums up who, what, where and how long', () => {
    expect(appointmentSummary(base)).toBe(
      'Theresa Quinn · Psychotherapy, 60 minutes (90837) · Main office · 60 minutes',
    );
    expect(
      appointmentSummary({
        ...base,
        isTelehealth: true,
        location: null,
        service: null,
        durationMinutes: 45,
        groupName: 'Tuesday Anxiety Group',
      }),
    ).toBe('Theresa Quinn · Group: Tuesday Anxiety Group · 90837 · Telehealth · 45 minutes');
  });

  it.each<[string, Partial<ClientAppointment>, string | null]>([
    ['cancelled wins', { cancelledAt: '2040-06-01T12:00:00.000Z', attendance: null }, 'Cancelled'],
    ['awaiting confirmation', { awaitingConfirmation: true }, 'Awaiting confirmation'],
    ['attended', { attendance: 'attended' }, 'Attended'],
    ['not attended', { attendance: 'not_attended' }, 'Did not attend'],
    ['no-show', { attendance: 'no_show' }, 'No-show'],
    ['not recorded', { attendance: 'unknown' }, 'Attendance not recorded'],
    ["a group's own session", { attendance: null }, null],
  ])('status: %s', (_name, over, label) => {
    expect(appointmentStatus({ ...base, ...over })?.label ?? null).toBe(label);
  });

  it("words the header's next appointment", () => {
    expect(nextAppointmentText(base, ZONE)).toBe('06/12/2040 at 10:00 AM with Theresa Quinn');
    expect(nextAppointmentText({ ...base, allDay: true }, ZONE)).toBe(
      '06/12/2040 (all day) with Theresa Quinn',
    );
  });
});
