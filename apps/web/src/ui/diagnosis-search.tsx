import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { DEBOUNCE_MS } from '@openpractice/domain';
import { useState } from 'react';

import { useIcd10Search, type Icd10Code } from '../lib/icd10-search';
import { useDebouncedValue } from '../lib/use-debounced-value';

/**
 * Finds ICD-10-CM codes by code or words of the description as the person types (a
 * client's clinical information, a session's note). Codes already chosen are shown but
 * cannot be picked again; `disabled` says the list is full.
 */
export function DiagnosisSearch({
  label,
  chosen,
  disabled,
  onAdd,
}: {
  /** The field's accessible name: each screen keeps the one its users and tests know. */
  label: string;
  chosen: readonly Icd10Code[];
  disabled: boolean;
  onAdd: (diagnosis: Icd10Code) => void;
}) {
  const [input, setInput] = useState('');
  const [query] = useDebouncedValue(input.trim(), DEBOUNCE_MS);
  const search = useIcd10Search(query);
  const waiting = input.trim() !== query || search.isFetching;

  return (
    <Autocomplete<Icd10Code>
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
          label={label}
          helperText={disabled ? 'The list is full.' : undefined}
        />
      )}
      sx={{ maxWidth: 560 }}
    />
  );
}
