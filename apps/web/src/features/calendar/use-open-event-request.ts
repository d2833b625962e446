import { isIsoDay } from '@openpractice/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A link to one appointment (paths.schedule.getHref({ event, date }), e.g.
 * from the availability editor's warning about booked appointments) arrives
 * as /schedule?event=<id>&date=<YYYY-MM-DD>: the calendar moves to that day
 * and opens the appointment's details once, and the address forgets it, so a
 * reload does not open it again.
 */
export function useOpenEventRequest(open: (eventId: number, date: string | null) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('event');
  const date = searchParams.get('date');
  const [handled, setHandled] = useState<string | null>(null);
  if (requested !== handled) {
    // Adjusting state while rendering (not in an effect): the dialog opens in the same pass.
    setHandled(requested);
    const eventId = Number(requested);
    if (requested !== null && Number.isInteger(eventId) && eventId > 0) {
      open(eventId, isIsoDay(date) ? date : null);
    }
  }
  useEffect(() => {
    if (requested === null) return;
    setSearchParams(
      (params) => {
        params.delete('event');
        params.delete('date');
        return params;
      },
      { replace: true },
    );
  }, [requested, setSearchParams]);
}
