import { useSearchParams } from 'react-router';

import type { PickedClient } from '../../../ui/client-picker';
import { useClientSummary } from '../api';

/**
 * The client named by `?client=` (the links on a client's Billing page), with a name once the
 * summary is read; null when the address names none. A bad id is ignored, not an error page.
 */
export function useClientFromAddress(): PickedClient | null {
  const [params] = useSearchParams();
  const text = params.get('client');
  const id = text !== null && /^\d{1,9}$/.test(text) ? Number(text) : 0;
  const summary = useClientSummary(id, id > 0);
  if (id === 0) return null;
  return { id, name: summary.data?.fullName ?? `Client ${id}` };
}
