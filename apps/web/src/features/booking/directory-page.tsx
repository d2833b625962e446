import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router';

import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useDirectoryFilters, useDirectorySearch } from './api';
import { DirectoryFilters } from './directory-filters';
import { filtersFromParams, paramsFromFilters, searchOf } from './directory-search-params';
import { TherapistCard } from './therapist-card';
import { WidePublicPage } from './wide-public-page';

export const NO_THERAPISTS_MATCH = 'No therapists match these filters. Try removing some of them.';
export const DIRECTORY_LOAD_FAILED = 'We could not load the therapist directory.';
export const PRACTICE_DIRECTORY_MISSING =
  'This practice does not have a public therapist directory.';

/**
 * `/public/findYourTherapist` (and `/search`): the public therapist directory,
 * no sign-in needed. `/customer/:id/findYourTherapist` is one practice's own
 * page, for its website. Filters are in the address.
 */
export function DirectoryPage() {
  const { id } = useParams();
  const practiceId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
  const badPracticeId = id !== undefined && practiceId === undefined;
  const [params, setParams] = useSearchParams();
  const values = filtersFromParams(params);
  const options = useDirectoryFilters(practiceId);
  const results = useDirectorySearch(searchOf(values, practiceId));
  const practiceMissing =
    badPracticeId || (options.error instanceof ApiError && options.error.status === 404);
  const practiceName =
    practiceId !== undefined
      ? options.data?.practices.find((p) => p.id === practiceId)?.name
      : null;

  return (
    <WidePublicPage>
      <Stack spacing={3}>
        <div>
          <Typography component="h1" variant="h4">
            Find your therapist
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {practiceName
              ? `The therapists of ${practiceName}. Choose one to see open times and book online.`
              : 'Browse therapists, see their open times and book an appointment online.'}
          </Typography>
        </div>
        {practiceMissing ? (
          <Alert severity="warning">{PRACTICE_DIRECTORY_MISSING}</Alert>
        ) : (
          <>
            <DirectoryFilters
              key={values.text}
              values={values}
              options={options.data}
              onChange={(next) => {
                setParams(paramsFromFilters(next));
              }}
            />
            <Box component="section" aria-label="Therapists" aria-busy={results.isFetching}>
              {results.isPending && <PageSpinner label="Loading therapists" />}
              {results.isError && (
                <Alert
                  severity="error"
                  action={
                    <Button color="inherit" size="small" onClick={() => void results.refetch()}>
                      Retry
                    </Button>
                  }
                >
                  {DIRECTORY_LOAD_FAILED} {errorMessage(results.error)}
                </Alert>
              )}
              {results.data && results.data.data.length === 0 && (
                <Alert severity="info">{NO_THERAPISTS_MATCH}</Alert>
              )}
              {results.data && results.data.data.length > 0 && (
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                  }}
                >
                  {results.data.data.map((profile) => (
                    <TherapistCard key={profile.therapistId} profile={profile} />
                  ))}
                </Box>
              )}
              {results.data && (values.page > 0 || results.data.hasMore) && (
                <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'center' }}>
                  <Button
                    disabled={values.page === 0}
                    onClick={() => {
                      setParams(paramsFromFilters({ ...values, page: values.page - 1 }));
                    }}
                  >
                    Previous page
                  </Button>
                  <Button
                    disabled={!results.data.hasMore}
                    onClick={() => {
                      setParams(paramsFromFilters({ ...values, page: values.page + 1 }));
                    }}
                  >
                    Next page
                  </Button>
                </Stack>
              )}
            </Box>
          </>
        )}
      </Stack>
    </WidePublicPage>
  );
}
