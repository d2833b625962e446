import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { spanLabel } from '@openpractice/domain';

import type { Span } from './api/types';

/** A span in the list: its dates and number of weekly blocks, whether it is current or shown, and its actions. */
export function SpanListItem({
  span,
  isCurrent,
  isShown,
  onShow,
  onEdit,
  onDelete,
}: {
  span: Span & { dayCount: number };
  isCurrent: boolean;
  /** Its weekly hours are the ones shown below: a mark instead of the Show button. */
  isShown: boolean;
  onShow: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const label = spanLabel(span);
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        primary={label}
        secondary={`${span.dayCount} weekly ${span.dayCount === 1 ? 'block' : 'blocks'}`}
        sx={{ flex: '1 1 240px' }}
      />
      {isCurrent && <Chip size="small" label="Current" />}
      {isShown ? (
        <Chip size="small" variant="outlined" color="primary" label="Shown below" />
      ) : (
        <Button size="small" aria-label={`Show ${label}`} onClick={onShow}>
          Show
        </Button>
      )}
      <Button size="small" aria-label={`Edit span ${label}`} onClick={onEdit}>
        Edit
      </Button>
      <Button size="small" color="error" aria-label={`Delete span ${label}`} onClick={onDelete}>
        Delete
      </Button>
    </ListItem>
  );
}
