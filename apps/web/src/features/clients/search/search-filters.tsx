import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { MultiSelectFilter, type FilterOption } from './multi-select-filter';
import {
  CLIENT_STATUSES,
  CLIENT_STATUS_LABELS,
  countActiveFilters,
  EMPTY_FILTERS,
  type ClientSearchFilters,
  type ClientStatus,
} from './search-criteria';
import { useFilterOptions } from './use-filter-options';

const STATUS_OPTIONS: FilterOption<ClientStatus>[] = CLIENT_STATUSES.map((status) => ({
  id: status,
  label: CLIENT_STATUS_LABELS[status],
}));

/**
 * The filters beside the client search (spec-2 §2): therapists, client
 * statuses, primary and secondary insurance, group, private pay, no insurance
 * and the practice's custom searchable id. The custom id is typed, so the page
 * debounces it like the search box.
 */
export function SearchFilters({
  filters,
  onChange,
  byInsurance,
}: {
  filters: ClientSearchFilters;
  onChange: (filters: ClientSearchFilters) => void;
  /** Insurance filters only for a caller who may see clients' insurance (they would tell it). */
  byInsurance: boolean;
}) {
  const { therapists, insurance, groups, customId } = useFilterOptions(filters.therapistIds);
  const set = (change: Partial<ClientSearchFilters>) => {
    onChange({ ...filters, ...change });
  };

  return (
    <Stack
      role="group"
      aria-label="Filters"
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <MultiSelectFilter
        label="Therapists"
        options={therapists.options}
        value={filters.therapistIds}
        loading={therapists.loading}
        onChange={(therapistIds) => {
          set({ therapistIds });
        }}
      />
      <MultiSelectFilter
        label="Client statuses"
        options={STATUS_OPTIONS}
        value={filters.clientStatuses}
        onChange={(clientStatuses) => {
          set({ clientStatuses });
        }}
      />
      {byInsurance && (
        <>
          <MultiSelectFilter
            label="Primary insurance"
            options={insurance.options}
            value={filters.primaryInsuranceIds}
            loading={insurance.loading}
            onChange={(primaryInsuranceIds) => {
              set({ primaryInsuranceIds });
            }}
          />
          <MultiSelectFilter
            label="Secondary insurance"
            options={insurance.options}
            value={filters.secondaryInsuranceIds}
            loading={insurance.loading}
            onChange={(secondaryInsuranceIds) => {
              set({ secondaryInsuranceIds });
            }}
          />
        </>
      )}
      <MultiSelectFilter
        label="Groups"
        options={groups.options}
        value={filters.groupIds}
        loading={groups.loading}
        onChange={(groupIds) => {
          set({ groupIds });
        }}
      />
      {customId?.enabled && (
        <TextField
          size="small"
          label={customId.label ?? 'Custom id'}
          value={filters.customSearchableId}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          onChange={(event) => {
            set({ customSearchableId: event.target.value });
          }}
          sx={{ width: 200 }}
        />
      )}
      {byInsurance && <PaymentKindFilters filters={filters} onChange={set} />}
      <Button
        disabled={countActiveFilters(filters) === 0}
        onClick={() => {
          onChange(EMPTY_FILTERS);
        }}
      >
        Clear filters
      </Button>
    </Stack>
  );
}

/** 'Private pay' and 'No insurance': how the client pays, as two independent filters. */
function PaymentKindFilters({
  filters,
  onChange,
}: {
  filters: ClientSearchFilters;
  onChange: (change: Partial<ClientSearchFilters>) => void;
}) {
  return (
    <>
      <FormControlLabel
        label="Private pay"
        control={
          <Checkbox
            checked={filters.privatePay}
            onChange={(event) => {
              onChange({ privatePay: event.target.checked });
            }}
          />
        }
      />
      <FormControlLabel
        label="No insurance"
        control={
          <Checkbox
            checked={filters.noInsurance}
            onChange={(event) => {
              onChange({ noInsurance: event.target.checked });
            }}
          />
        }
      />
    </>
  );
}
