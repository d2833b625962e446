import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useRemoveExternalCalendar, type ExternalCalendar } from './api';

/** Removes an outside calendar once the therapist confirms, then tells the calendar to redraw. */
export function useRemoveCalendar(onChanged: () => void) {
  const remove = useRemoveExternalCalendar();
  const notify = useNotify();
  const confirm = useConfirm();

  const confirmAndRemove = async (calendar: ExternalCalendar) => {
    await confirm({
      title: `Remove ${calendar.name}?`,
      message:
        'Its busy time leaves your calendar and no longer blocks bookings. You can connect it again later.',
      confirmText: 'Remove',
      color: 'error',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(calendar.id);
          notify.success('External calendar removed.');
          onChanged();
        } catch (error) {
          notify.error(errorMessage(error));
        }
      },
    });
  };

  return { confirmAndRemove, isPending: remove.isPending };
}
