import { AVAILABILITY_MESSAGES } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../ui/confirm/use-confirm';
import { useDeleteDay } from './api/mutations';
import type { Day } from './api/types';
import { useAvailabilityFeedback } from './feedback';
import { hoursTitle } from './hours-summary';
import { useCollisionCheck } from './use-collision-check';

/**
 * Deleting weekly hours: asked to confirm first; when booked appointments fall in the hours
 * the server refuses, and `pending` with its `warning` asks again with the list (issue 15
 * item 7) until `deleteAnyway` or `cancel`.
 */
export function useDayDeletion(therapistId: number) {
  const remove = useDeleteDay(therapistId);
  const confirm = useConfirm();
  const feedback = useAvailabilityFeedback();
  const collisions = useCollisionCheck();
  const [pending, setPending] = useState<{ day: Day; weekdayName: string } | null>(null);
  const warning = pending
    ? collisions.warningFor({ change: 'removeDay', day_id: pending.day.day_id })
    : null;

  const deleteDay = async (day: Day, weekdayName: string, confirmCollisions = false) => {
    try {
      await remove.mutateAsync({ dayId: day.day_id, confirmCollisions });
      feedback.saved('Hours deleted.');
      setPending(null);
    } catch (error) {
      if (await collisions.warn(error, { change: 'removeDay', day_id: day.day_id })) {
        setPending({ day, weekdayName });
        return;
      }
      setPending(null);
      feedback.failed(AVAILABILITY_MESSAGES.deleteFailed, error);
    }
  };

  /** Delete on a block: confirm, then delete. */
  const ask = async (day: Day, weekdayName: string) => {
    const confirmed = await confirm({
      title: 'Delete these hours?',
      message: `${weekdayName} ${hoursTitle(day)}`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (confirmed) await deleteDay(day, weekdayName);
  };

  return {
    ask,
    pending,
    warning,
    busy: remove.isPending,
    deleteAnyway: () => {
      if (pending) void deleteDay(pending.day, pending.weekdayName, true);
    },
    cancel: () => {
      setPending(null);
      collisions.clear();
    },
  };
}
