import { useNotify } from '../../../ui/snackbar/use-notify';
import { useUpdateMeeting } from './api';
import type { SaveMeeting } from './edit-meeting-dialog';
import { editFailure } from './reschedule-logic';

/**
 * Saving a meeting's edit: 'Meeting updated.' and `onSaved` on success; a failure is said
 * as the drag says it, and a taken time also goes back to the dialog (`onRefused`).
 */
export function useMeetingUpdate(onSaved: () => void) {
  const notify = useNotify();
  const update = useUpdateMeeting();
  const save: SaveMeeting = (input, moves, onRefused) => {
    update.mutate(input, {
      onSuccess: () => {
        notify.success('Meeting updated.');
        onSaved();
      },
      onError: (error) => {
        const failure = editFailure(error, moves);
        if (failure.variant === 'warning') notify.warning(failure.message);
        else notify.error(failure.message);
        if (failure.refusal !== null) onRefused(failure.refusal);
      },
    });
  };
  return { save, busy: update.isPending };
}
