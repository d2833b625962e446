import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { refreshCalendar, useCalendarVersion } from './api';

/**
 * Live calendar (issue 5 item 10): polls the practice's calendar version
 * every 3 seconds while the page is visible and refetches the events and
 * availability when it moves, so a booking, move or cancel made elsewhere
 * shows here within 5 seconds without a reload. The poll is a background
 * request: it never counts as the user's activity.
 */
export function useLiveCalendar(enabled: boolean): void {
  const queryClient = useQueryClient();
  const version = useCalendarVersion(enabled);
  const seen = useRef<number | null>(null);

  useEffect(() => {
    const current = version.data;
    if (current === undefined) return;
    if (seen.current !== null && seen.current !== current) {
      void refreshCalendar(queryClient);
    }
    seen.current = current;
  }, [version.data, queryClient]);
}
