import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatZonedTime } from '@openpractice/domain';

import type { FoundAvailability, FoundSlot } from './api';
import { dayLabel, slotDescription } from './find-window';

/**
 * The open times, by day then therapist, each a button that books it. Times
 * are on the practice's clocks (h:mm A), wherever the browser is.
 */
export function SlotResults({
  data,
  onChoose,
}: {
  data: FoundAvailability;
  onChoose: (slot: FoundSlot, therapist: { id: number; name: string }) => void;
}) {
  return (
    <Stack spacing={3}>
      {data.days.map((day) => (
        <Box component="section" key={day.date} aria-label={dayLabel(day.date)}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {dayLabel(day.date)}
          </Typography>
          <Stack spacing={1.5}>
            {day.therapists.map((group) => (
              <Box key={group.therapistId}>
                <Typography component="h3" variant="subtitle1">
                  {group.therapistName}
                </Typography>
                <Box
                  role="group"
                  aria-label={`Open times with ${group.therapistName}, ${dayLabel(day.date)}`}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
                >
                  {group.slots.map((slot) => {
                    const time = formatZonedTime(slot.start, data.timezone);
                    return (
                      <Button
                        key={slot.start}
                        variant="outlined"
                        size="small"
                        aria-label={slotDescription(slot, {
                          time,
                          therapistName: group.therapistName,
                          day: day.date,
                        })}
                        onClick={() => {
                          onChoose(slot, { id: group.therapistId, name: group.therapistName });
                        }}
                      >
                        {time}
                        {slot.telehealth && !slot.inPerson ? ' · Telehealth' : ''}
                      </Button>
                    );
                  })}
                </Box>
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
