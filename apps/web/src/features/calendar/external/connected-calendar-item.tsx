import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';

import type { ExternalCalendar } from './api';
import { Swatch } from './swatch';
import { eventCountText, syncStateText } from './sync-state';

/** One connected calendar: its colour, name and sync state, with Remove. */
export function ConnectedCalendarItem({
  calendar,
  disabled,
  onRemove,
}: {
  calendar: ExternalCalendar;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        <Button
          color="error"
          size="small"
          aria-label={`Remove ${calendar.name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          Remove
        </Button>
      }
      sx={{ pr: 12 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
        <Box sx={{ pt: 0.5 }}>
          <Swatch color={calendar.color} />
        </Box>
        <ListItemText
          primary={calendar.name}
          secondary={
            <>
              <span>{syncStateText(calendar)}</span>
              {!calendar.skipped && calendar.lastSyncStatus !== 'never' && (
                <span> {eventCountText(calendar.eventCount)}.</span>
              )}
            </>
          }
          slotProps={{
            secondary: {
              color: calendar.lastSyncStatus === 'failure' ? 'error' : 'text.secondary',
            },
          }}
        />
      </Stack>
    </ListItem>
  );
}
