import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import {
  CLIENT_FIELDS,
  DEFAULT_INTAKE_DAYS,
  searchableFields,
  showTherapistNameColumn,
} from '@openpractice/domain';
import { CancelledError } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useClientSearch, useSearchContexts } from './api/search';
import { SEARCH_FAILED_MESSAGE } from './messages';
import { SearchBar } from './search-bar';
import { chooseContext, defaultSort, pageRequest, type SearchView } from './search-criteria';
import { SearchFilters } from './search-filters';
import { SearchHeader } from './search-header';
import { SearchResults } from './search-results';
import { useExportClients } from './use-export-clients';
import { useRememberedSearch } from './use-remembered-search';
import { useReopenCount } from './use-reopen-count';

const TITLES: Record<SearchView, string> = {
  allClients: 'Clients',
  myClients: 'Clients',
  newClients: 'New Clients',
};

/**
 * 'New Clients' is every client, newest first; not Intake's "added in the last 30 days",
 * nor the 'New client' button, which adds one. The page says so (issue 15).
 */
export const NEW_CLIENTS_DESCRIPTION =
  'Every client of the practice, the most recently added first.';

function NewClientsDescription() {
  return (
    <>
      {NEW_CLIENTS_DESCRIPTION} Clients added in the last {DEFAULT_INTAKE_DAYS} days, with their
      first appointment, are on{' '}
      <Link component={RouterLink} to={paths.client.intake.getHref()}>
        Intake
      </Link>
      ; New client adds one.
    </>
  );
}

/** What a view lists, where its title alone could mislead. */
const ABOUT: Partial<Record<SearchView, ReactNode>> = { newClients: <NewClientsDescription /> };

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
  const contexts = useSearchContexts();
  const exportCsv = useExportClients();
  const { filters, viewChoices, chooseView, setFilters } = useRememberedSearch(view, startOver);

  const [text, setText] = useState('');
  const [search, settleSearch] = useDebouncedValue(text.trim());
  const [customSearchableId] = useDebouncedValue(filters.customSearchableId.trim());

  const offered = contexts.data?.data ?? [];
  const context = chooseContext(
    view,
    offered.map((option) => option.value),
    viewChoices?.context,
  );
  const sort = viewChoices?.sort ?? defaultSort(view);
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

  const failed = useSearchFailureNotice(results);

  return (
    <Stack spacing={2}>
      <SearchHeader title={TITLES[view]} description={ABOUT[view]} authorities={authorities} />

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

      <SearchBar
        text={text}
        onTextChange={setText}
        onSearchNow={() => {
          settleSearch(text.trim());
        }}
        context={context}
        offered={offered}
        onContextChange={(next) => {
          chooseView({ context: next });
        }}
      />

      <SearchFilters filters={filters} onChange={setFilters} byInsurance={byInsurance} />

      <SearchResults
        waiting={context === null}
        total={results.data?.total ?? 0}
        page={page}
        onPageChange={(next) => {
          setPaging({ termsKey, page: next });
        }}
        exporting={exportCsv.isPending}
        onExport={() => {
          exportCsv.mutate(request);
        }}
        rows={results.data?.data ?? []}
        loading={context !== null && (results.isPending || results.isPlaceholderData)}
        errorText={failed ? SEARCH_FAILED_MESSAGE : null}
        showTherapist={showTherapistNameColumn(authorities, filters.therapistIds)}
        contextFields={contextFields}
        sort={sort}
        onSort={(next) => {
          chooseView({ sort: next });
        }}
      />
    </Stack>
  );
}

/**
 * Says that the search failed, once per failure, and answers whether it did. A cancelled
 * search (replaced by a newer one) is not a failure (spec-2 §8).
 */
function useSearchFailureNotice(results: {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
}) {
  const notify = useNotify();
  const failed = results.isError && !(results.error instanceof CancelledError);
  const { errorUpdatedAt } = results;
  useEffect(() => {
    if (failed) notify.error(SEARCH_FAILED_MESSAGE);
  }, [failed, errorUpdatedAt, notify]);
  return failed;
}
