import { spanToShow } from '@openpractice/domain';
import { useState } from 'react';

import { useCurrentSpan, useSpanById, useSpanning } from './api/queries';

/**
 * Which span's weekly hours the page shows: one chosen in the list while it exists, else the
 * current one, else the next or last (spanToShow). The current span comes with its days
 * already; any other is loaded by id.
 */
export function useShownSpan(therapistId: number, today: string) {
  const current = useCurrentSpan(therapistId);
  const spanning = useSpanning(therapistId);
  /** The span chosen in the list (or loaded after a delete); null: the default. */
  const [chosen, setChosen] = useState<number | null>(null);

  const spans = spanning.data?.spans ?? [];
  const currentSpan = current.data?.span ?? null;
  const shownId = spans.some((s) => s.span_id === chosen)
    ? (chosen ?? null)
    : (currentSpan?.span_id ?? spanToShow(spans, today)?.span_id ?? null);
  const shownIsCurrent = currentSpan !== null && shownId === currentSpan.span_id;
  const byId = useSpanById(therapistId, shownIsCurrent ? null : shownId);
  const shown = shownIsCurrent ? currentSpan : (byId.data ?? null);

  return { current, spanning, spans, shownId, shown, byId, setChosen };
}
