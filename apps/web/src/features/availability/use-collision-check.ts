import { useCallback, useState } from 'react';

import {
  fetchCollisions,
  isCollisionRefusal,
  type Collisions,
  type ProposedChange,
} from './api/collisions';

/** The warning shown for one change: its list, or (when the list could not load) the refusal's text. */
export interface CollisionWarningState {
  key: string;
  collisions: Collisions | null;
  message: string;
}

const keyOf = (change: ProposedChange) => JSON.stringify(change);

/**
 * Saving over booked appointments (issue 15 item 7): the first save is sent
 * as is; when the server refuses it for collisions the warning loads the
 * appointments, and saving the very same change again confirms it. Any
 * edit to the form makes it a new change, checked again.
 */
export function useCollisionCheck() {
  const [warning, setWarning] = useState<CollisionWarningState | null>(null);

  /** After a failed save: true (and the warning shown) when it was refused for collisions. */
  const warn = useCallback(async (error: unknown, change: ProposedChange): Promise<boolean> => {
    if (!isCollisionRefusal(error)) return false;
    let collisions: Collisions | null = null;
    try {
      collisions = await fetchCollisions(change);
    } catch {
      // The refusal itself names the appointments by time: the warning still says what clashes.
    }
    setWarning({ key: keyOf(change), collisions, message: error.message });
    return true;
  }, []);

  const confirms = useCallback(
    (change: ProposedChange) => warning !== null && warning.key === keyOf(change),
    [warning],
  );

  /** The warning, while the form still holds the change it was given for. */
  const warningFor = (change: ProposedChange | null) =>
    change !== null && confirms(change) ? warning : null;

  const clear = useCallback(() => {
    setWarning(null);
  }, []);

  return { warn, confirms, warningFor, clear };
}
