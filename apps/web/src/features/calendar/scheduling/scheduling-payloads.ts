/**
 * What the scheduling dialogs send (spec-1 §3 New appointment and New meeting payloads)
 * and when Save is enabled (spec-1 §5), from the form's state (scheduling-form.ts).
 */
import {
  DEFAULT_APPOINTMENT_DURATION_MINUTES,
  defaultMeetingEventName,
  isSchedulingRequestValid,
  repeatPayload,
} from '@openpractice/domain';

import type { CreateAppointmentPayload, CreateMeetingPayload, ProductOption } from './api';
import {
  effectiveLocationId,
  repeatEndOf,
  repeatMessage,
  requestedSlot,
  type SchedulingForm,
} from './scheduling-form';

export interface SaveContext {
  option: ProductOption | null;
  /** null while the count is loading; a failed count does not block (the server still refuses overlaps). */
  conflictCount: number | null;
  busy: boolean;
}

/**
 * Save is enabled by the spec-1 §5 rule (domain `isSchedulingRequestValid`)
 * plus what any booking needs: a therapist, a readable time, a known conflict
 * count and a valid repeat choice.
 */
export function canSave(state: SchedulingForm, context: SaveContext): boolean {
  const complete =
    state.therapistId !== null &&
    requestedSlot(state) !== null &&
    state.duration > 0 &&
    context.conflictCount !== null &&
    repeatMessage(state) === null;
  return (
    complete &&
    isSchedulingRequestValid({
      requestType: state.requestType,
      clientId: state.client?.id,
      product: context.option ? { duration: state.duration } : null,
      conflictCount: context.conflictCount ?? 0,
      allowDoubleBooking: state.allowDoubleBooking,
      busy: context.busy,
    })
  );
}

/** spec-1 §3 New appointment payload, with the length, series and double-booking choices. */
export function appointmentPayload(
  state: SchedulingForm,
  option: ProductOption,
  context: { telehealthAllowed: boolean; defaultLocationId: number | null },
): CreateAppointmentPayload {
  const slot = requestedSlot(state);
  if (state.therapistId === null || !state.client || !slot) {
    throw new Error('The appointment is not complete.');
  }
  const telehealth = context.telehealthAllowed && state.telehealth;
  return {
    therapistId: state.therapistId,
    patientId: state.client.id,
    practiceLocationId: effectiveLocationId(state, context.defaultLocationId),
    isTeletherapy: telehealth,
    teletherapyPos: telehealth ? state.telehealthPos : null,
    eventDateTime: slot.start,
    products: option.products.map((p) => ({ productId: p.productId })),
    duration: state.duration,
    allowDoubleBooking: state.allowDoubleBooking,
    ...repeatPayload(state.repeat, repeatEndOf(state)),
  };
}

/** spec-1 §3 New meeting payload; a blank name gets the default for the type. */
export function meetingPayload(state: SchedulingForm): CreateMeetingPayload {
  const slot = requestedSlot(state);
  if (state.therapistId === null || !slot) throw new Error('The meeting is not complete.');
  return {
    therapistId: state.therapistId,
    allDay: state.allDay,
    startDateTime: slot.start,
    eventName: state.eventName.trim() || defaultMeetingEventName(state.requestType),
    duration: state.duration,
    type: state.requestType === 'Out of Office' ? 'out_of_office' : 'meeting',
    allowDoubleBooking: state.allowDoubleBooking,
  };
}

/**
 * The simple create dialog's booking (spec-1 §4 Simple create dialog): one
 * appointment with the suggested service (its length), or 60 minutes when the
 * practice suggests none; in person, no location, no double booking.
 */
export function simpleAppointmentPayload(
  state: SchedulingForm,
  option: ProductOption | null,
): CreateAppointmentPayload {
  const slot = requestedSlot(state);
  if (state.therapistId === null || !state.client || !slot) {
    throw new Error('The appointment is not complete.');
  }
  return {
    therapistId: state.therapistId,
    patientId: state.client.id,
    practiceLocationId: null,
    isTeletherapy: false,
    teletherapyPos: null,
    eventDateTime: slot.start,
    products: option ? option.products.map((p) => ({ productId: p.productId })) : [],
    duration:
      option && option.duration > 0 ? option.duration : DEFAULT_APPOINTMENT_DURATION_MINUTES,
    allowDoubleBooking: false,
    ...repeatPayload('none', { kind: 'after', occurrences: 1 }),
  };
}

/** The simple create dialog is ready once it has a therapist, a client and a date and time. */
export function isSimpleCreateReady(state: SchedulingForm): boolean {
  return state.therapistId !== null && state.client !== null && requestedSlot(state) !== null;
}
