import { attendanceTiming, type AttendanceTiming } from '@openpractice/domain';
import { useEffect, useState } from 'react';

const TICK_MS = 15_000;

/**
 * What may be recorded of a session now, by the domain's rule (the server's
 * own): check-in from 15 minutes before the start, attendance from the start.
 * Re-read every 15 s, so an open dialog offers them as the time comes.
 */
export function useAttendanceTiming(start: string, end: string): AttendanceTiming {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(new Date());
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return attendanceTiming(start, end, now);
}
