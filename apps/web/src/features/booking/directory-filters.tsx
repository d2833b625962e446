import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import type { DirectoryFilterOptions } from './api';
import type { DirectoryFilterValues, TelehealthChoice } from './directory-search-params';
import { locationText } from './therapist-facts';

const ANY = '';

/** What Clear filters returns to: every therapist the directory lists, from the first page. */
const NO_FILTERS: DirectoryFilterValues = {
  text: '',
  specialty: '',
  locationId: '',
  telehealth: 'any',
  insurance: '',
  acceptingNewClients: false,
  page: 0,
};

/**
 * The directory's filters: a name (applied on Search or Enter) and choices
 * that apply at once. Choices come from what the listed therapists offer.
 */
export function DirectoryFilters({
  values,
  options,
  onChange,
}: {
  values: DirectoryFilterValues;
  options: DirectoryFilterOptions | undefined;
  onChange: (next: DirectoryFilterValues) => void;
}) {
  const [text, setText] = useState(values.text);
  const apply = (change: Partial<DirectoryFilterValues>) => {
    onChange({ ...values, text, ...change, page: 0 });
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      role="search"
      aria-label="Filter therapists"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply({});
      }}
      sx={{ p: 2 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          alignItems: 'center',
        }}
      >
        <TextField
          label="Name"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          size="small"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <DirectoryChoices values={values} options={options} apply={apply} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button
          type="button"
          onClick={() => {
            setText('');
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * The choices that apply as soon as they change (unlike the name, which waits for Search, so
 * typing does not reload the list on every key).
 */
function DirectoryChoices({
  values,
  options,
  apply,
}: {
  values: DirectoryFilterValues;
  options: DirectoryFilterOptions | undefined;
  apply: (change: Partial<DirectoryFilterValues>) => void;
}) {
  return (
    <>
      <TextField
        select
        label="Specialty"
        value={values.specialty}
        onChange={(event) => {
          apply({ specialty: event.target.value });
        }}
        size="small"
      >
        <MenuItem value={ANY}>Any specialty</MenuItem>
        {options?.specialties.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Location"
        value={values.locationId}
        onChange={(event) => {
          apply({ locationId: event.target.value });
        }}
        size="small"
      >
        <MenuItem value={ANY}>Any location</MenuItem>
        {options?.locations.map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {locationText(l)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Telehealth"
        value={values.telehealth}
        onChange={(event) => {
          apply({ telehealth: event.target.value as TelehealthChoice });
        }}
        size="small"
      >
        <MenuItem value="any">In person or telehealth</MenuItem>
        <MenuItem value="yes">Offers telehealth</MenuItem>
        <MenuItem value="no">Offers in person</MenuItem>
      </TextField>
      <TextField
        select
        label="Insurance"
        value={values.insurance}
        onChange={(event) => {
          apply({ insurance: event.target.value });
        }}
        size="small"
      >
        <MenuItem value={ANY}>Any insurance</MenuItem>
        {options?.insurances.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.acceptingNewClients}
            onChange={(event) => {
              apply({ acceptingNewClients: event.target.checked });
            }}
          />
        }
        label="Accepting new clients"
      />
    </>
  );
}
