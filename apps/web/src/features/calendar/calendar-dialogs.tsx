import {
  LazyEventDetailsDialog,
  LazySchedulingDialog,
  LazySeriesScopeDialog,
  LazySimpleCreateDialog,
} from './lazy-dialogs';
import type { CalendarDialogs as Dialogs } from './use-calendar-dialogs';
import type { useDragReschedule } from './use-drag-reschedule';

/**
 * The calendar's dialogs (each loads when first opened): scheduling, an all-day item from the
 * month view, an item's details, and the series choice after dragging a repeating appointment.
 * Whatever they save refreshes the calendar.
 */
export function CalendarDialogs({
  dialogs,
  drag,
  refresh,
}: {
  dialogs: Dialogs;
  drag: ReturnType<typeof useDragReschedule>;
  refresh: () => void;
}) {
  const { seriesMove } = drag;
  return (
    <>
      <LazySchedulingDialog
        seed={dialogs.schedulingSeed}
        onClose={dialogs.closeScheduling}
        onBooked={() => {
          dialogs.closeScheduling();
          refresh();
        }}
      />
      <LazySimpleCreateDialog
        seed={dialogs.simpleSeed}
        onClose={dialogs.closeSimple}
        onCreated={() => {
          dialogs.closeSimple();
          refresh();
        }}
      />
      <LazyEventDetailsDialog
        target={dialogs.details}
        onClose={dialogs.closeDetails}
        onChanged={refresh}
      />
      <LazySeriesScopeDialog
        request={
          seriesMove
            ? { eventId: seriesMove.eventId, action: 'move', newStart: seriesMove.newStart }
            : null
        }
        onChoose={drag.chooseScope}
        onClose={drag.cancelSeriesMove}
      />
    </>
  );
}
