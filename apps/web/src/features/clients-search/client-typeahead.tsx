import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  CLIENT_SEARCH_LIMIT,
  CLIENT_SEARCH_OFFSET,
  formatUsDate,
  fullName,
  type ClientSearchContext,
} from '@openpractice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { clientSearchKey, findClients, type ClientSearchRow } from './api/search';
import { SEARCH_FAILED_MESSAGE } from './messages';
import { EMPTY_FILTERS, type ClientSearchRequest } from './search-criteria';
import { useDebouncedValue } from './use-debounced-value';

export const NO_CLIENTS_FOUND = 'No clients found';
export const TYPE_TO_SEARCH = 'Type a name or account number';

export function typeaheadRequest(
  search: string,
  options: { context?: ClientSearchContext; omitGroups?: boolean },
): ClientSearchRequest {
  return {
    search,
    context: options.context,
    filters: EMPTY_FILTERS,
    sortBy: 'name',
    sortDir: 'asc',
    limit: CLIENT_SEARCH_LIMIT,
    offset: CLIENT_SEARCH_OFFSET,
    omitGroups: options.omitGroups,
  };
}

function getTypeaheadQueryOptions(request: ClientSearchRequest) {
  return queryOptions({
    queryKey: [...clientSearchKey, 'typeahead', request] as const,
    queryFn: ({ signal }) => findClients(request, signal),
    select: (response) => response.data,
  });
}

export function clientDisplayName(row: ClientSearchRow): string {
  return fullName({
    firstName: row.patient_first_name,
    nickName: row.patient_nick_name,
    lastName: row.patient_last_name,
  });
}

export interface ClientTypeaheadProps {
  /** The field's label; default 'Find a client'. */
  label?: string;
  /** Called with the client chosen from the list. */
  onSelect: (client: ClientSearchRow) => void;
  /** The search scope; default the first the server offers the user. */
  context?: ClientSearchContext;
  omitGroups?: boolean;
  /** Empty the box after a choice (a 'Go to client' box); otherwise it shows the choice. */
  clearOnSelect?: boolean;
  /** Choose the client by itself when a search finds exactly one (the scheduling dialogs, spec-1 §4). */
  autoSelectSingle?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * Search-as-you-type for one client (spec-1 §7): 21 results, 600 ms after
 * the last keystroke, each new search cancelling the one before. A combobox:
 * arrows move through the results, Enter chooses, Escape closes.
 */
export function ClientTypeahead({
  label = 'Find a client',
  onSelect,
  context,
  omitGroups,
  clearOnSelect = false,
  autoSelectSingle = false,
  size = 'medium',
  sx,
}: ClientTypeaheadProps) {
  const [input, setInput] = useState('');
  const [value, setValue] = useState<ClientSearchRow | null>(null);
  const typed = input.trim();
  const [search] = useDebouncedValue(typed);
  // Typing after a choice shows the choice's name, which is not a search.
  const searching = search !== '' && (value === null || search !== clientDisplayName(value));
  const results = useQuery({
    ...getTypeaheadQueryOptions(typeaheadRequest(search, { context, omitGroups })),
    enabled: searching,
  });

  const waiting = typed !== search || (searching && results.isFetching);
  const onlyResult =
    autoSelectSingle && searching && !waiting && results.data?.length === 1
      ? results.data[0]
      : undefined;

  // Each search chooses its single result once (the user may still change it): the box
  // shows it at once, and the parent hears of it after the render.
  const [autoChosen, setAutoChosen] = useState<{ key: string; row: ClientSearchRow } | null>(null);
  const autoKey = onlyResult ? `${search}\u0000${onlyResult.user_id}` : null;
  if (
    onlyResult &&
    autoKey &&
    autoChosen?.key !== autoKey &&
    value?.user_id !== onlyResult.user_id
  ) {
    setAutoChosen({ key: autoKey, row: onlyResult });
    setValue(clearOnSelect ? null : onlyResult);
    setInput(clearOnSelect ? '' : clientDisplayName(onlyResult));
  }
  const notifiedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!autoChosen || notifiedFor.current === autoChosen.key) return;
    notifiedFor.current = autoChosen.key;
    onSelect(autoChosen.row);
  }, [autoChosen, onSelect]);

  let noOptionsText = NO_CLIENTS_FOUND;
  if (typed === '') noOptionsText = TYPE_TO_SEARCH;
  else if (results.isError) noOptionsText = SEARCH_FAILED_MESSAGE;

  return (
    <Autocomplete<ClientSearchRow>
      sx={sx}
      size={size}
      options={searching && !waiting ? (results.data ?? []) : []}
      value={value}
      inputValue={input}
      onInputChange={(_event, next) => {
        setInput(next);
      }}
      onChange={(_event, client) => {
        if (client) onSelect(client);
        if (clearOnSelect || !client) {
          setValue(null);
          setInput('');
        } else {
          setValue(client);
        }
      }}
      // The server filters; the list shows what it answered.
      filterOptions={(options) => options}
      getOptionLabel={clientDisplayName}
      isOptionEqualToValue={(option, chosen) => option.user_id === chosen.user_id}
      getOptionKey={(option) => option.user_id}
      loading={waiting && typed !== ''}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      autoHighlight
      clearOnBlur={false}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography component="span" sx={{ display: 'block' }}>
              {clientDisplayName(option)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {[option.accountNumber, formatUsDate(option.dateOfBirth)]
                .filter((part) => part !== '')
                .join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
