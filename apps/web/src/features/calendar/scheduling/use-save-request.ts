import { useNotify } from '../../../ui/snackbar/use-notify';
import { ApiError } from '../../../lib/api-client';
import { useCreateAppointment, useCreateMeeting, type ProductOption } from './api';
import { SCHEDULING_MESSAGES } from './messages';
import type { SchedulingForm } from './scheduling-form';
import { appointmentPayload, meetingPayload } from './scheduling-payloads';

/** Answers whose message the user can act on (a taken slot, a bad choice); others get the spec's text. */
const ACTIONABLE = new Set([400, 403, 404, 409]);

/**
 * What a failed save says: the server's own message when it names the problem
 * (409 'That time is already booked…'), else the spec's creation failure for
 * the kind of item, or the generic scheduling failure when the request could
 * not even be made.
 */
export function saveFailureMessage(error: unknown, isAppointment: boolean): string {
  if (error instanceof ApiError) {
    if (ACTIONABLE.has(error.status)) return error.message;
    return isAppointment ? SCHEDULING_MESSAGES.itemFailed : SCHEDULING_MESSAGES.meetingFailed;
  }
  return SCHEDULING_MESSAGES.handlingFailed;
}

export interface SaveContext {
  option: ProductOption | null;
  telehealthAllowed: boolean;
  defaultLocationId: number | null;
}

/**
 * Saving a scheduling request: busy while the call runs; on success the
 * confirmation, `onBooked` with the new ids, and the dialog closes; on failure
 * a message and the dialog stays as it was.
 */
export function useSaveRequest({
  onBooked,
  onClose,
}: {
  onBooked: (eventIds: number[]) => void;
  onClose: () => void;
}) {
  const notify = useNotify();
  const appointment = useCreateAppointment();
  const meeting = useCreateMeeting();

  const save = async (state: SchedulingForm, context: SaveContext): Promise<void> => {
    const isAppointment = state.requestType === 'Appointment';
    try {
      let ids: number[];
      if (isAppointment) {
        if (!context.option) throw new Error('No service chosen.');
        const result = await appointment.mutateAsync(
          appointmentPayload(state, context.option, context),
        );
        ids = result.data.calendar_event_ids;
      } else {
        const result = await meeting.mutateAsync(meetingPayload(state));
        ids = [result.data.calendar_event_id];
      }
      if (ids.length === 0 || ids.some((id) => !Number.isInteger(id))) {
        throw new Error('The answer named no calendar item.');
      }
      notify.success(
        isAppointment ? SCHEDULING_MESSAGES.itemCreated : SCHEDULING_MESSAGES.meetingCreated,
      );
      onBooked(ids);
      onClose();
    } catch (error) {
      notify.error(saveFailureMessage(error, isAppointment));
    }
  };

  return { save, saving: appointment.isPending || meeting.isPending };
}
