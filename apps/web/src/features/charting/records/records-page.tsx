import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { paths } from '../../../config/paths';
import { treatmentPlanRoutes } from '../../../config/paths/treatment-plan-links';
import { errorMessage } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { useClientRecords, useClientSummary, useClientTherapists } from '../api/records';
import { paramsOf, queryOf, RECORDS_PAGE_SIZES, viewOf, type RecordsView } from './records-params';
import { RecordsTable } from './records-table';

const ALL = '';

/**
 * `/client/{id}/records`: the client's progress notes and addenda by session date, newest
 * first, filtered by therapist and type and paged; each row opens its note.
 */
export function RecordsPage({ patientId, timeZone }: { patientId: number; timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const records = useClientRecords(patientId, queryOf(view));
  const therapists = useClientTherapists(patientId);
  const summary = useClientSummary(patientId);
  const filtered = view.therapistId !== null || view.type !== null;

  const show = (next: Partial<RecordsView>) => {
    setParams(paramsOf({ ...view, ...next }), { replace: true });
  };

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={paths.client.profile.getHref(patientId)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {summary.data ? `Back to ${summary.data.fullName}` : 'Back to the client'}
      </Link>
      <Typography component="h1" variant="h4">
        {summary.data ? `Records of ${summary.data.fullName}` : 'Records'}
      </Typography>
      <Link
        component={RouterLink}
        to={treatmentPlanRoutes.client.getHref(patientId)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Treatment plans
      </Link>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Therapist"
          value={view.therapistId === null ? ALL : String(view.therapistId)}
          onChange={(event) => {
            show({
              therapistId: event.target.value === ALL ? null : Number(event.target.value),
              page: 0,
            });
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ALL}>All therapists</MenuItem>
          {(therapists.data ?? []).map((t) => (
            <MenuItem key={t.therapistId} value={String(t.therapistId)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Type"
          value={view.type ?? ALL}
          onChange={(event) => {
            const type = event.target.value;
            show({ type: type === 'note' || type === 'addendum' ? type : null, page: 0 });
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>Notes and addenda</MenuItem>
          <MenuItem value="note">Notes</MenuItem>
          <MenuItem value="addendum">Addenda</MenuItem>
        </TextField>
      </Stack>
      {records.isPending ? (
        <PageSpinner />
      ) : records.isError ? (
        <Alert severity="error">{errorMessage(records.error)}</Alert>
      ) : records.data.data.length === 0 && view.page === 0 ? (
        <Typography>
          {filtered ? 'No records match these filters.' : 'No notes or addenda yet.'}
        </Typography>
      ) : (
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <RecordsTable patientId={patientId} rows={records.data.data} timeZone={timeZone} />
          <TablePagination
            component="div"
            count={records.data.total}
            page={view.page}
            rowsPerPage={view.size}
            rowsPerPageOptions={[...RECORDS_PAGE_SIZES]}
            onPageChange={(_event, page) => {
              show({ page });
            }}
            onRowsPerPageChange={(event) => {
              show({ size: Number(event.target.value), page: 0 });
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
