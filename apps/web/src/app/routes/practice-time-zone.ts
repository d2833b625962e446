import { usePracticeSettings } from '../../features/practice/api';

/** The browser's zone, until the practice's is known. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The practice's time zone (its settings), for pages that show times on its clocks. */
export function usePracticeTimeZone(): string {
  return usePracticeSettings().data?.timezone ?? browserZone();
}
