import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { LazyReportIssueDialog } from '../report-issue';
import { ErrorFrame } from './error-frame';

/** The page for any routing error but a missing page, with 'Report the Issue'. */
export function ProblemReport({ errorText, fullPage }: { errorText: string; fullPage: boolean }) {
  const [reporting, setReporting] = useState(false);
  return (
    <ErrorFrame fullPage={fullPage}>
      <Typography component="h1" variant="h5">
        Oops! It looks like there&apos;s been a problem.
      </Typography>
      <Typography>
        Use the &apos;Report the Issue&apos; button below if you would like to file a support
        ticket.
      </Typography>
      <Button
        variant="contained"
        onClick={() => {
          setReporting(true);
        }}
      >
        Report the Issue
      </Button>
      <LazyReportIssueDialog
        open={reporting}
        errorText={errorText}
        onClose={() => {
          setReporting(false);
        }}
      />
    </ErrorFrame>
  );
}
