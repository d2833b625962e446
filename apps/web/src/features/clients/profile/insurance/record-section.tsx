import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { DetailRow } from '../lib/detail-row';

export type RecordRow = {
  key: number;
  primary: string;
  secondary: string;
  /** Names the row in its buttons' accessible names, e.g. 'pre-authorization A123'. */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * A policy's pre-authorizations or benefits confirmations: a heading with its
 * Add button, the rows (newest first, as the server sends them) with Edit and
 * Delete, or the empty text; `dialog` is the open add/edit dialog, if any.
 */
export function RecordSection({
  heading,
  addText,
  addAriaLabel,
  listAriaLabel,
  emptyText,
  canEdit,
  onAdd,
  rows,
  dialog,
}: {
  heading: string;
  addText: string;
  addAriaLabel: string;
  listAriaLabel: string;
  emptyText: string;
  canEdit: boolean;
  onAdd: () => void;
  rows: RecordRow[];
  dialog: ReactNode;
}) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h5" variant="subtitle2">
          {heading}
        </Typography>
        {canEdit && (
          <Button size="small" aria-label={addAriaLabel} onClick={onAdd}>
            {addText}
          </Button>
        )}
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <List aria-label={listAriaLabel} disablePadding dense>
          {rows.map((row) => (
            <DetailRow
              key={row.key}
              primary={row.primary}
              secondary={row.secondary}
              flags={[]}
              actions={
                canEdit
                  ? [
                      { label: 'Edit', ariaLabel: `Edit ${row.label}`, onClick: row.onEdit },
                      {
                        label: 'Delete',
                        ariaLabel: `Delete ${row.label}`,
                        color: 'error' as const,
                        onClick: row.onDelete,
                      },
                    ]
                  : []
              }
            />
          ))}
        </List>
      )}
      {dialog}
    </Stack>
  );
}
