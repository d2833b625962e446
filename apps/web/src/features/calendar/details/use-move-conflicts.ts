import { useMemo } from 'react';

import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useConflictCount, type ConflictsRequest } from '../scheduling/api';

const keyOf = (r: ConflictsRequest | null) =>
  r ? [r.therapistId, r.start, r.duration, r.exceptEventId ?? ''].join('|') : '';

function requestOf(key: string): ConflictsRequest | null {
  const [therapistId, start, duration, exceptEventId] = key.split('|');
  if (!therapistId || !start || !duration) return null;
  return {
    therapistId: Number(therapistId),
    start,
    duration: Number(duration),
    ...(exceptEventId ? { exceptEventId: Number(exceptEventId) } : {}),
  };
}

/**
 * The conflict count of a move in an edit dialog, by the booking dialog's own lookup
 * (countConflicts), 600 ms after the time, length or therapist stops changing.
 * `conflictCount` is 0 when nothing moves, null while the count is unknown.
 */
export function useMoveConflicts(request: ConflictsRequest | null): {
  conflictCount: number | null;
  failed: boolean;
} {
  const key = keyOf(request);
  const [settledKey] = useDebouncedValue(key);
  const settled = useMemo(() => requestOf(settledKey), [settledKey]);
  const conflicts = useConflictCount(settled);
  if (key === '') return { conflictCount: 0, failed: false };
  if (settledKey !== key) return { conflictCount: null, failed: false };
  if (conflicts.isError) return { conflictCount: 0, failed: true };
  return { conflictCount: conflicts.data ?? null, failed: false };
}
