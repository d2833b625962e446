import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CLIENT_FIELDS,
  CLIENT_SEARCH_PAGE_SIZE,
  searchableFields,
  showTherapistNameColumn,
  type ClientSearchContext,
} from '@openpractice/domain';
import { CancelledError } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { paths } from '../../config/paths';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useClientSearch, useSearchContexts } from './api/search';
import { ClientTypeahead } from './client-typeahead';
import { mayCreateClients } from './may-create-clients';
import { SEARCH_FAILED_MESSAGE } from './messages';
import { ResultsTable } from './results-table';
import {
  chooseContext,
  defaultSort,
  pageRequest,
  type ClientSearchFilters,
  type ClientSearchSort,
  type SearchView,
} from './search-criteria';
import { SearchFilters } from './search-filters';
import {
  forgetForReset,
  loadRememberedSearch,
  saveRememberedSearch,
  sessionStore,
  type RememberedClientSearch,
} from './search-session';
import { useDebouncedValue } from './use-debounced-value';
import { useExportClients } from './use-export-clients';
import { useReopenCount } from './use-reopen-count';

const TITLES: Record<SearchView, string> = {
  allClients: 'Clients',
  myClients: 'Clients',
  newClients: 'New Clients',
};

/** Insurance filters are not sent by a caller who may not see clients' insurance. */
const NO_INSURANCE_FILTERS = {
  primaryInsuranceIds: [],
  secondaryInsuranceIds: [],
  privatePay: false,
  noInsurance: false,
};

export interface ClientSearchPageProps {
  view: SearchView;
  /** The signed-in user's authorities (for the therapist-column rule). */
  authorities: readonly string[];
}

/**
 * `/client/allClients`, `/client/myClients` and `/client/newClients`: the
 * client search. Opening the same route again while on it starts the search
 * over (a fresh mount that forgets the remembered filters).
 */
export function ClientSearchPage(props: ClientSearchPageProps) {
  const reopened = useReopenCount();
  return <ClientSearch key={`${props.view}:${reopened}`} {...props} startOver={reopened > 0} />;
}

function ClientSearch({
  view,
  authorities,
  startOver,
}: ClientSearchPageProps & { startOver: boolean }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const contexts = useSearchContexts();
  const exportCsv = useExportClients();

  const [remembered, setRemembered] = useState<RememberedClientSearch>(() => {
    const stored = loadRememberedSearch(sessionStore());
    return startOver ? forgetForReset(stored, view) : stored;
  });
  // The session keeps the choices (spec-1 §9), so they survive opening a client and coming back.
  useEffect(() => {
    saveRememberedSearch(sessionStore(), remembered);
  }, [remembered]);

  const [text, setText] = useState('');
  const [search, settleSearch] = useDebouncedValue(text.trim());
  const { filters } = remembered;
  const [customSearchableId] = useDebouncedValue(filters.customSearchableId.trim());

  const offered = contexts.data?.data ?? [];
  const context = chooseContext(
    view,
    offered.map((option) => option.value),
    remembered.views[view]?.context,
  );
  const sort = remembered.views[view]?.sort ?? defaultSort(view);
  // What the caller may see of every client in this context (the server's field rule):
  // it decides the columns before rows arrive, and whether insurance filters are offered.
  const contextFields = context ? searchableFields(authorities, context) : new Set(CLIENT_FIELDS);
  const byInsurance = contextFields.has('insurance');
  const terms = {
    search,
    context: context ?? undefined,
    filters: { ...filters, customSearchableId, ...(byInsurance ? {} : NO_INSURANCE_FILTERS) },
    ...sort,
  };

  // The page number belongs to one set of terms: any change of them goes back to the first page.
  const termsKey = JSON.stringify(terms);
  const [paging, setPaging] = useState({ termsKey, page: 0 });
  const page = paging.termsKey === termsKey ? paging.page : 0;

  const request = pageRequest(terms, page);
  const results = useClientSearch(request, { enabled: context !== null });

  // A cancelled search (replaced by a newer one) is not a failure (spec-2 §8).
  const failed = results.isError && !(results.error instanceof CancelledError);
  const { errorUpdatedAt } = results;
  useEffect(() => {
    if (failed) notify.error(SEARCH_FAILED_MESSAGE);
  }, [failed, errorUpdatedAt, notify]);

  const chooseView = (choices: { context?: ClientSearchContext; sort?: ClientSearchSort }) => {
    setRemembered((current) => ({
      ...current,
      views: { ...current.views, [view]: { ...current.views[view], ...choices } },
    }));
  };
  const setFilters = (next: ClientSearchFilters) => {
    setRemembered((current) => ({ ...current, filters: next }));
  };

  const rows = results.data?.data ?? [];
  const total = results.data?.total ?? 0;
  const loading = context !== null && (results.isPending || results.isPlaceholderData);

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography component="h1" variant="h4">
          {TITLES[view]}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <ClientTypeahead
            label="Go to client"
            size="small"
            clearOnSelect
            sx={{ width: 280 }}
            onSelect={(client) => {
              void navigate(paths.client.profile.getHref(client.user_id));
            }}
          />
          {mayCreateClients(authorities) && (
            <Button component={RouterLink} to={paths.client.new.getHref()} variant="contained">
              New client
            </Button>
          )}
        </Stack>
      </Stack>

      {contexts.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void contexts.refetch()}>
              Try Again
            </Button>
          }
        >
          {SEARCH_FAILED_MESSAGE}
        </Alert>
      )}

      <Stack
        role="search"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <TextField
          label="Search clients"
          type="search"
          size="small"
          value={text}
          autoComplete="off"
          helperText="Name, account number or chart number"
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ width: 320 }}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') settleSearch(text.trim());
          }}
        />
        <TextField
          select
          label="Search in"
          size="small"
          value={context ?? ''}
          sx={{ width: 240, alignSelf: 'flex-start' }}
          onChange={(event) => {
            const value = offered.find((option) => option.value === event.target.value)?.value;
            if (value) chooseView({ context: value });
          }}
        >
          {offered.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      <SearchFilters filters={filters} onChange={setFilters} byInsurance={byInsurance} />

      <Paper variant="outlined">
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
        >
          <Typography role="status" color="text.secondary">
            {loading || context === null
              ? 'Searching…'
              : `${total} ${total === 1 ? 'client' : 'clients'}`}
          </Typography>
          <Button
            variant="outlined"
            disabled={context === null || exportCsv.isPending}
            onClick={() => {
              exportCsv.mutate(request);
            }}
          >
            Export CSV
          </Button>
        </Stack>
        <ResultsTable
          rows={rows}
          loading={loading}
          errorText={failed ? SEARCH_FAILED_MESSAGE : null}
          showTherapist={showTherapistNameColumn(authorities, filters.therapistIds)}
          contextFields={contextFields}
          sort={sort}
          onSort={(next) => {
            chooseView({ sort: next });
          }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
          {/* MUI shows the rows-per-page label only with a choice; the page size is fixed. */}
          <Typography variant="body2" sx={{ pl: 2 }}>
            Rows per page: {CLIENT_SEARCH_PAGE_SIZE}
          </Typography>
          <TablePagination
            component="div"
            count={total}
            page={total === 0 ? 0 : page}
            rowsPerPage={CLIENT_SEARCH_PAGE_SIZE}
            rowsPerPageOptions={[CLIENT_SEARCH_PAGE_SIZE]}
            onPageChange={(_event, next) => {
              setPaging({ termsKey, page: next });
            }}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
