import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { therapistsToShow } from '@openpractice/domain';
import { useEffect } from 'react';

import { useNotify } from '../../ui/snackbar/use-notify';
import {
  insuranceLabel,
  therapistName,
  usePracticeInsurance,
  usePracticeTherapists,
} from './api/practice-lists';
import { useCustomSearchCapabilities, useSearchGroups } from './api/search';
import { GROUPS_FAILED_MESSAGE } from './messages';
import { MultiSelectFilter, type FilterOption } from './multi-select-filter';
import {
  CLIENT_STATUSES,
  CLIENT_STATUS_LABELS,
  countActiveFilters,
  EMPTY_FILTERS,
  type ClientSearchFilters,
  type ClientStatus,
} from './search-criteria';

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
  const notify = useNotify();
  const therapists = usePracticeTherapists();
  const insurance = usePracticeInsurance();
  const groups = useSearchGroups();
  const capabilities = useCustomSearchCapabilities();
  const customId = capabilities.data?.customSearchableId;

  const { isError: groupsFailed, errorUpdatedAt: groupsFailedAt, refetch: refetchGroups } = groups;
  useEffect(() => {
    if (!groupsFailed) return;
    notify.error(GROUPS_FAILED_MESSAGE, {
      action: {
        label: 'Try Again',
        onClick: () => {
          void refetchGroups();
        },
      },
    });
  }, [groupsFailed, groupsFailedAt, refetchGroups, notify]);

  const set = (change: Partial<ClientSearchFilters>) => {
    onChange({ ...filters, ...change });
  };

  const therapistOptions = therapistsToShow(therapists.data ?? [], filters.therapistIds).map(
    (therapist) => ({
      id: therapist.id,
      label: therapist.active ? therapistName(therapist) : `${therapistName(therapist)} (inactive)`,
    }),
  );
  const insuranceOptions = (insurance.data ?? []).map((payer) => ({
    id: payer.practice_insurance_id,
    label: insuranceLabel(payer),
  }));
  const groupOptions = (groups.data ?? []).map((group) => ({ id: group.id, label: group.name }));

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
        options={therapistOptions}
        value={filters.therapistIds}
        loading={therapists.isPending}
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
            options={insuranceOptions}
            value={filters.primaryInsuranceIds}
            loading={insurance.isPending}
            onChange={(primaryInsuranceIds) => {
              set({ primaryInsuranceIds });
            }}
          />
          <MultiSelectFilter
            label="Secondary insurance"
            options={insuranceOptions}
            value={filters.secondaryInsuranceIds}
            loading={insurance.isPending}
            onChange={(secondaryInsuranceIds) => {
              set({ secondaryInsuranceIds });
            }}
          />
        </>
      )}
      <MultiSelectFilter
        label="Groups"
        options={groupOptions}
        value={filters.groupIds}
        loading={groups.isPending}
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
      {byInsurance && (
        <>
          <FormControlLabel
            label="Private pay"
            control={
              <Checkbox
                checked={filters.privatePay}
                onChange={(event) => {
                  set({ privatePay: event.target.checked });
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
                  set({ noInsurance: event.target.checked });
                }}
              />
            }
          />
        </>
      )}
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
