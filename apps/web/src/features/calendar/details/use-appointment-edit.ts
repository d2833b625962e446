import { useState } from 'react';

import { useTelehealthStatus } from '../scheduling/api';
import { serviceLengthOf, serviceLengthWarning } from '../scheduling/service-length';
import type { AppointmentDetails, UpdateAppointmentInput } from './api';
import {
  appointmentTimeChanges,
  canSaveMove,
  initialWhen,
  moveConflictsRequest,
  movesItem,
  type WhenEdit,
} from './reschedule-logic';
import { useMoveConflicts } from './use-move-conflicts';
import { posOf } from './where-fields';

/** What the dialog changes; an absent field is left as it is. */
export type AppointmentChanges = Omit<UpdateAppointmentInput, 'calendar_event_id' | 'scope'>;

/** The service's own length against the edited one (issue 15 item 11). */
function lengthWarning(details: AppointmentDetails, productId: string, minutes: number) {
  const product = details.productOptions.find((p) => String(p.productId) === productId);
  const service = product
    ? serviceLengthOf([{ cptCode: product.sku, durationMinutes: product.durationMinutes }])
    : null;
  return serviceLengthWarning(service, minutes);
}

/**
 * The edited fields of an appointment, starting from it as it is, and what follows from
 * them: whether it moves, its conflict count, whether Save is enabled and the changes sent.
 */
export function useAppointmentEdit(details: AppointmentDetails, busy: boolean) {
  const timeZone = details.timezone;
  // The dialog has no all-day choice: an all-day appointment is given a time.
  const [when, setWhenState] = useState<WhenEdit>(() => ({
    ...initialWhen(details, timeZone),
    allDay: false,
  }));
  const [locationId, setLocationId] = useState(
    details.locationId === null ? '' : String(details.locationId),
  );
  const [telehealth, setTelehealth] = useState(details.isTeletherapy);
  const [pos, setPos] = useState(posOf(details.telehealthPos));
  const [productId, setProductId] = useState(
    details.product ? String(details.product.productId) : '',
  );
  const [allowDoubleBooking, setAllowDoubleBooking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const setWhen = (patch: Partial<WhenEdit>) => {
    setWhenState((previous) => ({ ...previous, ...patch }));
    // A new place is a new question: the last refusal was about the old one.
    setRefusal(null);
  };

  const otherTherapist = when.therapistId !== details.therapistId;
  const status = useTelehealthStatus(when.therapistId, otherTherapist);
  const telehealthOffered = otherTherapist
    ? (status.data?.hasTelehealth ?? false)
    : details.therapistOffersTelehealth || details.isTeletherapy;

  const moves = movesItem(details, when, timeZone);
  const conflicts = useMoveConflicts(
    moveConflictsRequest(details.calendar_event_id, details, when, timeZone),
  );
  const time = appointmentTimeChanges(details, when, timeZone);
  const canSave = canSaveMove({
    readable: time !== null,
    moves,
    conflictCount: conflicts.conflictCount,
    allowDoubleBooking,
    busy,
  });

  const changes = (): AppointmentChanges | null =>
    time && {
      practiceLocationId: telehealth || locationId === '' ? null : Number(locationId),
      isTeletherapy: telehealth,
      teletherapyPos: telehealth ? pos : null,
      ...(productId === '' ? {} : { productId: Number(productId) }),
      ...time,
      ...(moves ? { allowDoubleBooking } : {}),
    };

  return {
    when,
    setWhen,
    where: { telehealth, setTelehealth, pos, setPos, locationId, setLocationId, telehealthOffered },
    productId,
    setProductId,
    allowDoubleBooking,
    setAllowDoubleBooking,
    refusal,
    setRefusal,
    moves,
    conflicts,
    lengthWarning: lengthWarning(details, productId, when.duration),
    canSave,
    changes,
  };
}
