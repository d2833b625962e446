import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { offeredDurations } from '@openpractice/domain';
import { useId } from 'react';

import type { SlotMode } from './api';

export interface NamedOption {
  id: number;
  name: string;
}

export interface FindFilters {
  therapistIds: number[];
  locationIds: number[];
  mode: SlotMode;
  duration: number;
}

const MODES: { value: SlotMode; label: string }[] = [
  { value: 'inPerson', label: 'In person' },
  { value: 'telehealth', label: 'Telehealth' },
  { value: 'any', label: 'Either' },
];

const DURATIONS = offeredDurations();

/** Chosen options in the order of the list, from their ids. */
const chosen = (options: readonly NamedOption[], ids: readonly number[]) =>
  options.filter((o) => ids.includes(o.id));

/**
 * What to look for: therapists, locations (none means any), in person or
 * telehealth, and the appointment's length.
 */
export function FindAppointmentFilters({
  therapists,
  locations,
  filters,
  maxTherapists,
  onChange,
}: {
  therapists: readonly NamedOption[];
  locations: readonly NamedOption[];
  filters: FindFilters;
  maxTherapists: number;
  onChange: (change: Partial<FindFilters>) => void;
}) {
  const modeLabelId = useId();
  const chosenTherapists = chosen(therapists, filters.therapistIds);
  const full = chosenTherapists.length >= maxTherapists;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 2fr) auto auto' },
        alignItems: 'start',
      }}
    >
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={therapists}
        value={chosenTherapists}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionDisabled={(o) => full && !filters.therapistIds.includes(o.id)}
        onChange={(_event, value) => {
          onChange({ therapistIds: value.map((o) => o.id) });
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Therapists"
            helperText={full ? `At most ${maxTherapists} therapists at a time.` : ' '}
          />
        )}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={locations}
        value={chosen(locations, filters.locationIds)}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, value) => {
          onChange({ locationIds: value.map((o) => o.id) });
        }}
        renderInput={(params) => (
          <TextField {...params} label="Locations" helperText="Any location when none is chosen." />
        )}
      />
      <Box>
        <Typography id={modeLabelId} variant="caption" color="text.secondary" component="div">
          In person or telehealth
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filters.mode}
          aria-labelledby={modeLabelId}
          onChange={(_event, value: SlotMode | null) => {
            if (value !== null) onChange({ mode: value });
          }}
        >
          {MODES.map((m) => (
            <ToggleButton key={m.value} value={m.value}>
              {m.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <TextField
        select
        label="Length"
        value={filters.duration}
        sx={{ minWidth: 150 }}
        onChange={(event) => {
          onChange({ duration: Number(event.target.value) });
        }}
      >
        {DURATIONS.map((d) => (
          <MenuItem key={d.minutes} value={d.minutes}>
            {d.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
