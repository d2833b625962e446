import { DEBOUNCE_MS } from '@openpractice/domain';
import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delay` ms (the standard 600 ms).
 * `settleNow(v)` skips the wait, e.g. on Enter or when the search is reset.
 */
export function useDebouncedValue<T>(
  value: T,
  delay: number = DEBOUNCE_MS,
): [settled: T, settleNow: (next: T) => void] {
  const [settled, setSettled] = useState(value);

  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => {
      setSettled(value);
    }, delay);
    return () => {
      window.clearTimeout(timer);
    };
  }, [value, settled, delay]);

  return [settled, setSettled];
}
