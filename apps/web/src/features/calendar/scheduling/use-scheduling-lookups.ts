import { availabilityModesAt, type TelehealthEligibility } from '@openpractice/domain';
import { useMemo } from 'react';

import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  useConflictCount,
  useProductsForRequest,
  useSlotAvailability,
  useTelehealthStatus,
} from './api';
import { practiceDayWindow, requestedSlot, type SchedulingForm } from './scheduling-form';

interface Slot {
  start: string;
  duration: number;
}

const slotKey = (slot: Slot | null) => (slot ? `${slot.start}|${slot.duration}` : '');

function slotOfKey(key: string): Slot | null {
  const [start, duration] = key.split('|');
  return start && duration !== undefined ? { start, duration: Number(duration) } : null;
}

/**
 * The server lookups behind the scheduling dialog: telehealth eligibility
 * (appointments only), the products for the therapist, client and time, the
 * conflict count, and the availability around the slot. The time and length
 * are debounced (600 ms) so typing does not send a request per keystroke.
 */
export function useSchedulingLookups(state: SchedulingForm) {
  const isAppointment = state.requestType === 'Appointment';
  const current = slotKey(requestedSlot(state));
  const [settledKey] = useDebouncedValue(current);
  const slot = useMemo(() => slotOfKey(settledKey), [settledKey]);
  const therapistId = state.therapistId;

  const telehealth = useTelehealthStatus(therapistId, isAppointment);
  const products = useProductsForRequest(
    isAppointment && therapistId !== null && state.client && slot
      ? { therapistId, clientId: state.client.id, start: slot.start, duration: slot.duration }
      : null,
  );
  const conflictsRequest =
    therapistId !== null && slot && slot.duration > 0
      ? { therapistId, start: slot.start, duration: slot.duration }
      : null;
  const conflicts = useConflictCount(conflictsRequest);
  const day = slot ? practiceDayWindow(state) : null;
  const availability = useSlotAvailability(
    isAppointment && therapistId !== null && day ? { therapistId, ...day } : null,
  );

  const eligibility = useMemo<TelehealthEligibility>(() => {
    const blocks = (availability.data ?? []).map((row) => ({
      start: row.start_date_time,
      end: row.end_date_time,
      inPerson: row.in_person_enabled,
      telehealth: row.teletherapy_enabled,
    }));
    return {
      hasTelehealth: telehealth.data?.hasTelehealth ?? false,
      allowedPos: telehealth.data?.allowedPos ?? [],
      onlyTelehealthAvailability: slot
        ? availabilityModesAt(blocks, slot.start).onlyTelehealthAvailability
        : false,
    };
  }, [availability.data, telehealth.data, slot]);

  /** null while unknown (waiting for the debounce or the answer); 0 when nothing is counted. */
  let conflictCount: number | null;
  if (settledKey !== current) conflictCount = null;
  else if (!conflictsRequest || conflicts.isError) conflictCount = 0;
  else conflictCount = conflicts.data ?? null;

  return { telehealth, products, conflicts, conflictCount, eligibility };
}
