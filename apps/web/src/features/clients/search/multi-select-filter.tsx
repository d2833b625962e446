import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';

export interface FilterOption<Id extends string | number> {
  id: Id;
  label: string;
}

/** A filter of several choices: a combobox listing the options with a tick beside the chosen. */
export function MultiSelectFilter<Id extends string | number>({
  label,
  options,
  value,
  onChange,
  loading = false,
}: {
  label: string;
  options: readonly FilterOption<Id>[];
  value: readonly Id[];
  onChange: (ids: Id[]) => void;
  loading?: boolean;
}) {
  const chosen = value.map(
    (id) => options.find((option) => option.id === id) ?? { id, label: String(id) },
  );
  return (
    <Autocomplete<FilterOption<Id>, true>
      multiple
      size="small"
      limitTags={1}
      disableCloseOnSelect
      options={options}
      value={chosen}
      loading={loading}
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
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ width: 240 }}
    />
  );
}
