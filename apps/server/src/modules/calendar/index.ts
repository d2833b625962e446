// The calendar's door: what other areas may use of it (the only file they import).
export { firstOverlap } from './queries.ts';
export { availabilityInWindow } from './availability-window-queries.ts';
export { isOverlapViolation } from './service.ts';
export { findOpenSlots, type SlotMode } from './find-appointment/open-slots.ts';
export {
  clientAppointmentsBefore,
  clientAppointmentsFrom,
  nextClientAppointment,
  type AppointmentKeyset,
  type ClientAppointmentRow,
  type ClientAppointmentScope,
} from './client-appointments.ts';
export { unrecordedAttendanceCount } from './attendance-list.ts';
export { therapistAppointments, type BookedAppointment } from './booked-appointments.ts';
