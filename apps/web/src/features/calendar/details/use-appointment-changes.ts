import { errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useCancelEvent, useUpdateAppointment } from './api';
import type { Scope } from './details-logic';
import { editFailure } from './reschedule-logic';
import type { AppointmentChanges } from './use-appointment-edit';

/**
 * Cancelling and editing one appointment (or the chosen occurrences of its series); `onDone`
 * runs after either succeeds, before `onChanged`.
 */
export function useAppointmentChanges(eventId: number, onDone: () => void, onChanged: () => void) {
  const notify = useNotify();
  const cancel = useCancelEvent();
  const update = useUpdateAppointment();

  const onCancel = (scope: Scope, reason: string) => {
    cancel.mutate(
      { id: eventId, reason, scope },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onDone();
          onChanged();
        },
        onError: (error) => {
          notify.error(errorMessage(error));
        },
      },
    );
  };

  const onEdit = (
    scope: Scope | null,
    changes: AppointmentChanges,
    moves: boolean,
    onRefused: (message: string) => void,
  ) => {
    update.mutate(
      { calendar_event_id: eventId, scope: scope ?? 'this', ...changes },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onDone();
          onChanged();
        },
        onError: (error) => {
          // As the drag says it; a taken time stays in the dialog beside the double-booking choice.
          const failure = editFailure(error, moves);
          if (failure.variant === 'warning') notify.warning(failure.message);
          else notify.error(failure.message);
          if (failure.refusal !== null) onRefused(failure.refusal);
        },
      },
    );
  };

  return { busy: cancel.isPending || update.isPending, onCancel, onEdit };
}
