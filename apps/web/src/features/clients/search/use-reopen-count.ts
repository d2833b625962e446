import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * How many times the page's own address was opened again while it was shown
 * (e.g. its navigation item clicked once more). Every navigation gets a new
 * location key, even to the same address; a new key with the same path and
 * query is such a re-opening. Changes of the query (a `?toast=` being removed)
 * and the first visit do not count.
 */
export function useReopenCount(): number {
  const location = useLocation();
  const href = `${location.pathname}${location.search}`;
  const [seen, setSeen] = useState({ key: location.key, href, count: 0 });
  if (seen.key !== location.key) {
    const count = seen.href === href ? seen.count + 1 : seen.count;
    setSeen({ key: location.key, href, count });
    return count;
  }
  return seen.count;
}
