import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AVAILABILITY_MESSAGES, spanLabel } from '@openpractice/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useFillEmptySpan } from './api/mutations';
import { getSpanByIdQueryOptions } from './api/queries';
import type { Span } from './api/types';
import { useAvailabilityFeedback } from './feedback';

/** Fills an empty span with the weekly hours of another span, in one call (updateEmptySpanWithDays). */
export function CopyHours({
  therapistId,
  spanId,
  sources,
}: {
  therapistId: number;
  spanId: number;
  /** Spans that have hours to copy. */
  sources: readonly Span[];
}) {
  const [sourceId, setSourceId] = useState(String(sources[0]?.span_id ?? ''));
  const fill = useFillEmptySpan(therapistId);
  const queryClient = useQueryClient();
  const feedback = useAvailabilityFeedback();
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    setBusy(true);
    try {
      const source = await queryClient.query(
        getSpanByIdQueryOptions(therapistId, Number(sourceId)),
      );
      await fill.mutateAsync({
        spanId,
        days: source.data.days.map(({ day_id: _id, availabilitySpanId: _span, ...day }) => day),
      });
      feedback.saved('Weekly hours copied.');
    } catch (error) {
      feedback.failed(AVAILABILITY_MESSAGES.addDayFailed, error, { retry: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Copy weekly hours from"
        value={sourceId}
        onChange={(event) => {
          setSourceId(event.target.value);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 260 }}
      >
        {sources.map((s) => (
          <option key={s.span_id} value={String(s.span_id)}>
            {spanLabel(s)}
          </option>
        ))}
      </TextField>
      <Button variant="outlined" disabled={busy || sourceId === ''} onClick={() => void copy()}>
        Copy hours
      </Button>
    </Stack>
  );
}
