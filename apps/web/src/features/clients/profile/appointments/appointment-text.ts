import {
  appointmentLengthLabel,
  CLIENT_ATTENDANCE_LABELS,
  formatZonedDate,
  formatZonedTime,
} from '@openpractice/domain';

import type { ClientAppointment } from './api';

/**
 * How the chart words an appointment: dates and times on the practice's clocks in the spec's
 * formats (MM/DD/YYYY, h:mm A; spec-1 §9), lengths as the scheduling dialog offers them.
 */

/** '06/12/2040' and '10:00 AM', or 'All day'. */
export function appointmentWhen(
  appointment: Pick<ClientAppointment, 'start' | 'allDay'>,
  timezone: string,
): { date: string; time: string } {
  return {
    date: formatZonedDate(appointment.start, timezone),
    time: appointment.allDay ? 'All day' : formatZonedTime(appointment.start, timezone),
  };
}

/** 'Individual psychotherapy (90837)', the code alone, or null when none was chosen. */
export function serviceText(appointment: Pick<ClientAppointment, 'service' | 'serviceCode'>) {
  if (appointment.service && appointment.serviceCode) {
    return `${appointment.service} (${appointment.serviceCode})`;
  }
  return appointment.service ?? appointment.serviceCode;
}

/** 'Telehealth', the office's name, or null. */
export function placeText(appointment: Pick<ClientAppointment, 'isTelehealth' | 'location'>) {
  return appointment.isTelehealth ? 'Telehealth' : appointment.location;
}

/** The line under the date: therapist, service, place and length, those that are known. */
export function appointmentSummary(appointment: ClientAppointment): string {
  return [
    appointment.therapistName,
    appointment.groupName === null ? null : `Group: ${appointment.groupName}`,
    serviceText(appointment),
    placeText(appointment),
    appointment.allDay ? null : appointmentLengthLabel(appointment.durationMinutes),
  ]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
}

export type StatusTone = 'default' | 'success' | 'warning' | 'error' | 'info';

/** What became of it: cancelled (the reason is in the details), waiting for confirmation, attendance. */
export function appointmentStatus(
  appointment: Pick<ClientAppointment, 'cancelledAt' | 'awaitingConfirmation' | 'attendance'>,
): { label: string; tone: StatusTone } | null {
  if (appointment.cancelledAt !== null) return { label: 'Cancelled', tone: 'error' };
  if (appointment.awaitingConfirmation) return { label: 'Awaiting confirmation', tone: 'info' };
  switch (appointment.attendance) {
    case null:
      return null;
    case 'attended':
      return { label: CLIENT_ATTENDANCE_LABELS.attended, tone: 'success' };
    case 'not_attended':
      return { label: CLIENT_ATTENDANCE_LABELS.not_attended, tone: 'warning' };
    case 'no_show':
      return { label: CLIENT_ATTENDANCE_LABELS.no_show, tone: 'warning' };
    case 'unknown':
      return { label: CLIENT_ATTENDANCE_LABELS.unknown, tone: 'default' };
  }
}

/** The header's line: '06/12/2040 at 10:00 AM with Theresa Quinn'. */
export function nextAppointmentText(appointment: ClientAppointment, timezone: string): string {
  const { date, time } = appointmentWhen(appointment, timezone);
  const when = appointment.allDay ? `${date} (all day)` : `${date} at ${time}`;
  return `${when} with ${appointment.therapistName}`;
}
