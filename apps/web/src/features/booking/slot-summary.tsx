import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

import type { BookableSlot, BookingMode } from './api';
import { browserTimeZone, modesOf, whenForVisitor } from './booking-week';

/** The chosen slot, as the booking dialogs show it above their fields. */
export function SlotSummary({
  slot,
  timezone,
  durationMinutes,
  therapistName,
}: {
  slot: BookableSlot;
  timezone: string;
  durationMinutes: number;
  therapistName: string;
}) {
  return (
    <div>
      <Typography sx={{ fontWeight: 600 }}>
        {whenForVisitor(slot.start, timezone, browserTimeZone())}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {durationMinutes} minutes with {therapistName}
        {slot.inPerson && slot.location ? ` · ${slot.location.name}` : ''}
      </Typography>
    </div>
  );
}

/** In person or telehealth, offered only when the slot can be held either way. */
export function ModeChoice({
  slot,
  value,
  onChange,
}: {
  slot: BookableSlot;
  value: BookingMode;
  onChange: (mode: BookingMode) => void;
}) {
  if (modesOf(slot).length < 2) return null;
  return (
    <FormControl>
      <FormLabel id="booking-mode-label">How would you like to meet?</FormLabel>
      <RadioGroup
        row
        aria-labelledby="booking-mode-label"
        value={value}
        onChange={(event) => {
          onChange(event.target.value as BookingMode);
        }}
      >
        <FormControlLabel value="inPerson" control={<Radio />} label="In person" />
        <FormControlLabel value="telehealth" control={<Radio />} label="Telehealth" />
      </RadioGroup>
    </FormControl>
  );
}

/** The mode a slot is booked in unless the person chooses: in person when it can be. */
export function defaultModeOf(slot: BookableSlot, preferred: 'any' | BookingMode): BookingMode {
  const modes = modesOf(slot);
  if (preferred !== 'any' && modes.includes(preferred)) return preferred;
  return modes[0] ?? 'inPerson';
}
