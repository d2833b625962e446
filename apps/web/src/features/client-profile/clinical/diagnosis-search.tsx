import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { DEBOUNCE_MS } from '@openpractice/domain';
import { useState } from 'react';

import { useIcd10Search, type Diagnosis } from '../api/clinical';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** Finds ICD-10 codes by code or words of the description as the person types. */
export function DiagnosisSearch({
  chosen,
  disabled,
  onAdd,
}: {
  chosen: readonly Diagnosis[];
  disabled: boolean;
  onAdd: (diagnosis: Diagnosis) => void;
}) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), DEBOUNCE_MS);
  const search = useIcd10Search(query);
  const waiting = input.trim() !== query || search.isFetching;

  return (
    <Autocomplete<Diagnosis>
      options={query === '' ? [] : (search.data ?? [])}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_event, diagnosis) => {
        if (!diagnosis) return;
        onAdd(diagnosis);
        setInput('');
      }}
      filterOptions={(options) => options}
      getOptionLabel={(d) => `${d.code} ${d.description}`}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      getOptionDisabled={(d) => chosen.some((c) => c.code === d.code)}
      loading={input.trim() !== '' && waiting}
      noOptionsText={
        input.trim() === ''
          ? 'Type a code or words of a diagnosis.'
          : search.isError
            ? 'The codes could not be searched. Please try again.'
            : 'No matching codes.'
      }
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add a diagnosis (ICD-10)"
          helperText={disabled ? 'The list is full.' : undefined}
        />
      )}
      sx={{ maxWidth: 560 }}
    />
  );
}
