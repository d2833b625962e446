import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

import { AutocompleteTextBox } from '../../ui/autocomplete-text-box';
import type { CalendarFilters } from './calendar-prefs';

export interface FilterOption {
  id: number;
  label: string;
}

function MultiSelect({
  label,
  options,
  value,
  onChange,
  disabled,
  helperText,
}: {
  label: string;
  options: readonly FilterOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  helperText?: string;
}) {
  const chosen = value
    .map((id) => options.find((option) => option.id === id))
    .filter((option): option is FilterOption => option !== undefined);
  return (
    <Autocomplete<FilterOption, true>
      multiple
      size="small"
      limitTags={2}
      disableCloseOnSelect
      disabled={disabled}
      options={options}
      value={chosen}
      onChange={(_event, next) => {
        onChange(next.map((option) => option.id));
      }}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      renderOption={({ key, ...props }, option, { selected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0 }} tabIndex={-1} />
          {option.label}
        </li>
      )}
      renderInput={(params) => (
        <AutocompleteTextBox
          {...params}
          label={label}
          placeholder={chosen.length === 0 ? 'All' : undefined}
          helperText={helperText}
          // The reason a filter is off must stay readable (WCAG contrast), unlike the filter.
          slotProps={{
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        />
      )}
      sx={{ minWidth: 240, maxWidth: 420, flex: '1 1 240px' }}
    />
  );
}

/**
 * The schedule filters (spec-1 §3 Calendar view state): therapists (up to
 * 16 are shown), locations, include cancelled, and My Schedule for users
 * with a calendar of their own. A therapist-only user has no therapist
 * filter: they see their own calendar.
 */
export function CalendarFilterBar({
  id,
  filters,
  onChange,
  therapistOptions,
  locationOptions,
  showTherapists,
  canUseMySchedule,
}: {
  id?: string;
  filters: CalendarFilters;
  onChange: (next: CalendarFilters) => void;
  therapistOptions: readonly FilterOption[];
  locationOptions: readonly FilterOption[];
  showTherapists: boolean;
  canUseMySchedule: boolean;
}) {
  return (
    <Box
      id={id}
      role="group"
      aria-label="Calendar filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}
    >
      {canUseMySchedule && (
        <FormControlLabel
          control={
            // An on/off mode, announced as a switch; drawn as a checkbox like its neighbour
            // (MUI's Switch would add 2 KiB to the calendar's first load).
            <Checkbox
              checked={filters.mySchedule}
              slotProps={{ input: { role: 'switch' } }}
              onChange={(event) => {
                onChange({ ...filters, mySchedule: event.target.checked });
              }}
            />
          }
          label="My Schedule"
        />
      )}
      {showTherapists && (
        <MultiSelect
          label="Therapists"
          options={therapistOptions}
          value={filters.therapistIds}
          disabled={filters.mySchedule}
          onChange={(therapistIds) => {
            onChange({ ...filters, therapistIds });
          }}
        />
      )}
      <MultiSelect
        label="Locations"
        options={locationOptions}
        value={filters.locationIds}
        disabled={filters.mySchedule}
        helperText={filters.mySchedule ? 'My Schedule shows every location' : undefined}
        onChange={(locationIds) => {
          onChange({ ...filters, locationIds });
        }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={filters.includeCancelled}
            onChange={(event) => {
              onChange({ ...filters, includeCancelled: event.target.checked });
            }}
          />
        }
        label="Include cancelled"
      />
    </Box>
  );
}

/** How many filters narrow the calendar (therapists, locations, include cancelled). */
export function filtersInUse(filters: CalendarFilters): number {
  return (
    Number(filters.therapistIds.length > 0) +
    Number(!filters.mySchedule && filters.locationIds.length > 0) +
    Number(filters.includeCancelled)
  );
}

/**
 * On a phone the filters fold away behind this button (issue 15), so the
 * grid is on the first screen; it says how many are in use.
 */
export function FiltersToggle({
  open,
  onToggle,
  controls,
  inUse,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  inUse: number;
}) {
  return (
    <Button
      variant="outlined"
      size="small"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      onClick={onToggle}
    >
      {inUse > 0 ? `Filters (${String(inUse)})` : 'Filters'}
    </Button>
  );
}
