import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVAILABILITY_MESSAGES, spanLabel } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../ui/confirm/use-confirm';
import { useRemoveSpan } from './api/mutations';
import type { Span } from './api/types';
import { useAvailabilityFeedback } from './feedback';
import { SpanDialog } from './span-dialog';
import { SpanListItem } from './span-list-item';

type SpanListRow = Span & { dayCount: number };

/**
 * The therapist's spans: the current one (containing today), every span with
 * the one shown marked, and add, edit, show and delete. Deleting a span
 * loads its replacement (spec-2 §4).
 */
export function SpansSection({
  therapistId,
  spans,
  currentSpanId,
  shownSpanId,
  onShow,
}: {
  therapistId: number;
  spans: readonly SpanListRow[];
  currentSpanId: number | null;
  shownSpanId: number | null;
  /** Shows a span's weekly hours (null: none). */
  onShow: (spanId: number | null) => void;
}) {
  const [editing, setEditing] = useState<Span | 'new' | null>(null);
  const remove = useRemoveSpan(therapistId);
  const confirm = useConfirm();
  const feedback = useAvailabilityFeedback();
  const current = spans.find((s) => s.span_id === currentSpanId) ?? null;

  const onDelete = async (span: SpanListRow) => {
    const confirmed = await confirm({
      title: 'Delete this availability span?',
      message: `${spanLabel(span)}: its weekly hours are deleted too.`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      const { replacement } = await remove.mutateAsync(span.span_id);
      feedback.saved('Span deleted.');
      if (span.span_id === shownSpanId || shownSpanId === null) {
        onShow(replacement?.span_id ?? null);
      }
    } catch (error) {
      feedback.failed(AVAILABILITY_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="spans-heading">
      <Typography id="spans-heading" component="h2" variant="h5">
        Availability spans
      </Typography>
      <Typography>
        <strong>Current span: </strong>
        {current ? spanLabel(current) : 'No availability span covers today.'}
      </Typography>
      {spans.length === 0 ? (
        <Typography color="text.secondary">No availability spans yet.</Typography>
      ) : (
        <List aria-label="Availability spans" disablePadding>
          {spans.map((span) => (
            <SpanListItem
              key={span.span_id}
              span={span}
              isCurrent={span.span_id === currentSpanId}
              isShown={span.span_id === shownSpanId}
              onShow={() => {
                onShow(span.span_id);
              }}
              onEdit={() => {
                setEditing(span);
              }}
              onDelete={() => void onDelete(span)}
            />
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => {
          setEditing('new');
        }}
      >
        Add span
      </Button>
      {editing !== null && (
        <SpanDialog
          therapistId={therapistId}
          span={editing === 'new' ? null : editing}
          onSaved={onShow}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
