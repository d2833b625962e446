import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { Day, PracticeLocation } from './api/types';
import type { WeekdayGroup } from './days-by-weekday';
import { hoursDetails, hoursTitle } from './hours-summary';

/** One weekday of the weekly hours: its blocks (or 'No hours'), Add hours, and Edit and Delete per block. */
export function WeekdayHours({
  group,
  locations,
  onAdd,
  onEdit,
  onDelete,
}: {
  group: WeekdayGroup;
  locations: readonly PracticeLocation[];
  onAdd: () => void;
  onEdit: (day: Day) => void;
  onDelete: (day: Day) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {group.name}
        </Typography>
        <Button size="small" aria-label={`Add hours on ${group.name}`} onClick={onAdd}>
          Add hours
        </Button>
      </Stack>
      {group.days.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          No hours
        </Typography>
      ) : (
        <List dense disablePadding aria-label={`${group.name} hours`}>
          {group.days.map((day) => {
            const title = hoursTitle(day);
            return (
              <ListItem key={day.day_id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={title}
                  secondary={hoursDetails(day, locations)}
                  sx={{ flex: '1 1 240px' }}
                />
                <Button
                  size="small"
                  aria-label={`Edit ${group.name} ${title}`}
                  onClick={() => {
                    onEdit(day);
                  }}
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete ${group.name} ${title}`}
                  onClick={() => {
                    onDelete(day);
                  }}
                >
                  Delete
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
