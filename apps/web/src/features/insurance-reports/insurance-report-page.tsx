import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INSURANCE_REPORT_DESCRIPTIONS,
  INSURANCE_REPORT_TITLES,
  isInsuranceReport,
  REPORT_USES_WINDOW,
  REPORT_WINDOW_DAY_OPTIONS,
  REPORT_WINDOW_DEFAULT_DAYS,
  reportEmptyMessage,
  type InsuranceReport,
} from '@openpractice/domain';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useInsuranceReport, type ReportRequest } from './api';
import { REPORT_COLUMNS } from './report-columns';
import { ReportLinks } from './report-links';
import { ReportTable } from './report-table';
import { readReportView, reportViewParams, sortedBy } from './report-view';

/** The app's own text for an address that is no page (app/routes/not-found). */
const NOT_FOUND_MESSAGE = "That's not a valid page.";

export const reportLoadFailedMessage = (report: InsuranceReport) =>
  `Unable to load ${INSURANCE_REPORT_TITLES[report].toLowerCase()}.`;

/**
 * `/insurance/reports/:report` (spec-1 §2): one of the five insurance reports
 * as a sortable, paged list; each row links to the client's insurance.
 */
export function InsuranceReportPage() {
  const { report = '' } = useParams();
  if (!isInsuranceReport(report)) {
    return (
      <Typography component="h1" variant="h5">
        {NOT_FOUND_MESSAGE}
      </Typography>
    );
  }
  return <ReportView key={report} report={report} />;
}

function ReportView({ report }: { report: InsuranceReport }) {
  const [params, setParams] = useSearchParams();
  const view = readReportView(report, params);
  const change = (next: ReportRequest) => {
    setParams(reportViewParams(report, next));
  };
  const query = useInsuranceReport(report, view);
  const data = query.data;
  const title = INSURANCE_REPORT_TITLES[report];
  const days = view.days ?? REPORT_WINDOW_DEFAULT_DAYS;

  // A page past the end (rows removed since, or an old address): back to the first.
  const pastTheEnd = data !== undefined && data.data.length === 0 && view.page > 0;
  useEffect(() => {
    if (pastTheEnd) setParams(reportViewParams(report, { ...view, page: 0 }), { replace: true });
  });

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <ReportLinks current={report} />
      <Typography color="text.secondary">{INSURANCE_REPORT_DESCRIPTIONS[report]}</Typography>
      {REPORT_USES_WINDOW[report] && (
        <TextField
          select
          size="small"
          label="Ending within"
          value={days}
          onChange={(event) => {
            change({ ...view, days: Number(event.target.value), page: 0 });
          }}
          sx={{ alignSelf: 'flex-start', minWidth: 180 }}
        >
          {REPORT_WINDOW_DAY_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {`${option} days`}
            </MenuItem>
          ))}
        </TextField>
      )}
      {query.isPending && <PageSpinner label={`Loading ${title.toLowerCase()}`} />}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {reportLoadFailedMessage(report)} {errorMessage(query.error)}
        </Alert>
      )}
      {data && data.total === 0 && (
        <Alert severity="success">{reportEmptyMessage(report, days)}</Alert>
      )}
      {data && data.total > 0 && !pastTheEnd && (
        <ReportTable
          caption={title}
          columns={REPORT_COLUMNS[report]}
          page={data}
          view={view}
          loading={query.isFetching}
          onSort={(column) => {
            change(sortedBy(view, column));
          }}
          onPage={(page) => {
            change({ ...view, page });
          }}
          onPageSize={(pageSize) => {
            change({ ...view, pageSize, page: 0 });
          }}
        />
      )}
    </Stack>
  );
}
