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
import { useEffect, useRef, useState, type HTMLAttributes, type Key, type RefObject } from 'react';

import { onlyMatchText, type PickedHow } from '../../../ui/client-picker';
import { clientSearchKey, findClients, type ClientSearchRow } from './api/search';
import { AutoChosenField } from './auto-chosen-field';
import { SEARCH_FAILED_MESSAGE } from './messages';
import { EMPTY_FILTERS, type ClientSearchRequest } from './search-criteria';
import { singleMatch } from './single-match';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

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

/** The answer tagged with the text it answers, so no other text's answer is taken for it. */
function getTypeaheadQueryOptions(request: ClientSearchRequest) {
  return queryOptions({
    queryKey: [...clientSearchKey, 'typeahead', request] as const,
    queryFn: ({ signal }) => findClients(request, signal),
    select: (response) => ({ search: request.search, rows: response.data }),
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
  /** Called with the client chosen from the list, or chosen by itself (`how.automatic`). */
  onSelect: (client: ClientSearchRow, how: PickedHow) => void;
  /** An automatic choice was undone: the box searches again from what was typed. */
  onClear?: () => void;
  /** The search scope; default the first the server offers the user. */
  context?: ClientSearchContext;
  omitGroups?: boolean;
  /** Empty the box after a choice (a 'Go to client' box); otherwise it shows the choice. */
  clearOnSelect?: boolean;
  /** Choose the client by itself when the server finds exactly one for the settled text (spec-1 §4). */
  autoSelectSingle?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** The search for what is typed: debounced, not run for a chosen client's name. */
function useTypeaheadSearch(
  input: string,
  value: ClientSearchRow | null,
  options: { context?: ClientSearchContext; omitGroups?: boolean },
) {
  const typed = input.trim();
  const [search] = useDebouncedValue(typed);
  // Typing after a choice shows the choice's name, which is not a search.
  const searching = search !== '' && (value === null || search !== clientDisplayName(value));
  const results = useQuery({
    ...getTypeaheadQueryOptions(typeaheadRequest(search, options)),
    enabled: searching,
  });
  const waiting = typed !== search || (searching && results.isFetching);
  let noOptionsText = NO_CLIENTS_FOUND;
  if (typed === '') noOptionsText = TYPE_TO_SEARCH;
  else if (results.isError) noOptionsText = SEARCH_FAILED_MESSAGE;
  return { typed, search, searching, results, waiting, noOptionsText };
}

/**
 * After the render: the parent hears of an automatic choice once, and an undone one
 * gives the focus back to the search box with the caret after what was typed.
 */
function useAfterChoice(
  auto: AutoChoice | null,
  onSelect: ClientTypeaheadProps['onSelect'],
  inputRef: RefObject<HTMLInputElement | null>,
): () => void {
  const notified = useRef<AutoChoice | null>(null);
  const refocusRef = useRef(false);
  useEffect(() => {
    if (!auto || notified.current === auto) return;
    notified.current = auto;
    onSelect(auto.row, { automatic: true });
  }, [auto, onSelect]);
  useEffect(() => {
    if (!refocusRef.current || !inputRef.current) return;
    refocusRef.current = false;
    const box = inputRef.current;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  });
  return () => {
    refocusRef.current = true;
  };
}

/** A client chosen by itself: the row, the text typed for it, whether the box had the focus. */
interface AutoChoice {
  row: ClientSearchRow;
  typed: string;
  hadFocus: boolean;
}

/**
 * Search-as-you-type for one client (spec-1 §7): 21 results, 600 ms after
 * the last keystroke, each new search cancelling the one before. A combobox:
 * arrows move through the results, Enter chooses, Escape closes. With
 * `autoSelectSingle` the only match is chosen by itself, said aloud, and
 * undone with Change, Escape, Backspace or by typing on.
 */
export function ClientTypeahead({
  label = 'Find a client',
  onSelect,
  onClear,
  context,
  omitGroups,
  clearOnSelect = false,
  autoSelectSingle = false,
  size = 'medium',
  sx,
}: ClientTypeaheadProps) {
  const [input, setInput] = useState('');
  const [value, setValue] = useState<ClientSearchRow | null>(null);
  const [auto, setAuto] = useState<AutoChoice | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const { typed, search, searching, results, waiting, noOptionsText } = useTypeaheadSearch(
    input,
    value,
    { context, omitGroups },
  );

  const only = singleMatch({
    enabled: autoSelectSingle && searching,
    typed,
    search,
    answer: results.data,
    fetching: results.isFetching,
    declined,
  });
  if (only) {
    // Chosen during the render so the box never shows the single row as a list first;
    // the next render has the name (or nothing) in the box, so this runs once.
    setAuto({ row: only, typed: input, hadFocus: focused });
    setValue(clearOnSelect ? null : only);
    setInput(clearOnSelect ? '' : clientDisplayName(only));
  }
  const refocusAfterRender = useAfterChoice(auto, onSelect, inputRef);

  const undo = (key: string) => {
    if (!auto) return;
    setDeclined(auto.typed.trim());
    setInput(auto.typed + key);
    setValue(null);
    setAuto(null);
    refocusAfterRender();
    onClear?.();
  };

  const shownChoice = auto && !clearOnSelect && value?.user_id === auto.row.user_id ? auto : null;
  const box = shownChoice ? (
    <AutoChosenField
      label={label}
      name={clientDisplayName(shownChoice.row)}
      size={size}
      takeFocus={shownChoice.hadFocus}
      onChange={undo}
    />
  ) : (
    <ClientSearchBox
      label={label}
      size={size}
      sx={autoSelectSingle ? undefined : sx}
      options={searching && !waiting ? (results.data?.rows ?? []) : []}
      value={value}
      input={input}
      onInput={setInput}
      onChoose={(client) => {
        if (client) onSelect(client, { automatic: false });
        setAuto(null);
        if (clearOnSelect || !client) {
          setValue(null);
          setInput('');
        } else {
          setValue(client);
        }
      }}
      onFocusChange={setFocused}
      loading={waiting && typed !== ''}
      noOptionsText={noOptionsText}
      inputRef={inputRef}
    />
  );
  if (!autoSelectSingle) return box;
  // The live region stays in place while the box and the choice swap, so the choice is heard.
  return (
    <Box sx={sx}>
      {box}
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ mt: shownChoice ? 0.5 : 0 }}
      >
        {auto ? onlyMatchText(clientDisplayName(auto.row)) : ''}
      </Typography>
    </Box>
  );
}

/** The combobox: the server's answer as the list, one client chosen from it. */
function ClientSearchBox({
  label,
  size,
  sx,
  options,
  value,
  input,
  onInput,
  onChoose,
  onFocusChange,
  loading,
  noOptionsText,
  inputRef,
}: {
  label: string;
  size: 'small' | 'medium';
  sx: SxProps<Theme> | undefined;
  options: ClientSearchRow[];
  value: ClientSearchRow | null;
  input: string;
  onInput: (text: string) => void;
  onChoose: (client: ClientSearchRow | null) => void;
  onFocusChange: (focused: boolean) => void;
  loading: boolean;
  noOptionsText: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Autocomplete<ClientSearchRow>
      sx={sx}
      size={size}
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_event, next) => {
        onInput(next);
      }}
      onChange={(_event, client) => {
        onChoose(client);
      }}
      onFocus={() => {
        onFocusChange(true);
      }}
      onBlur={() => {
        onFocusChange(false);
      }}
      // The server filters; the list shows what it answered.
      filterOptions={(all) => all}
      getOptionLabel={clientDisplayName}
      isOptionEqualToValue={(option, chosen) => option.user_id === chosen.user_id}
      getOptionKey={(option) => option.user_id}
      loading={loading}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      autoHighlight
      clearOnBlur={false}
      renderOption={renderClientOption}
      renderInput={(params) => <TextField {...params} inputRef={inputRef} label={label} />}
    />
  );
}

function renderClientOption(
  { key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key },
  option: ClientSearchRow,
) {
  return (
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
  );
}
