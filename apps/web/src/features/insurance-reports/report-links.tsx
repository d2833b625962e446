import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  INSURANCE_REPORT_TITLES,
  INSURANCE_REPORTS,
  type InsuranceReport,
} from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';

/** The five reports side by side; the open one is marked as the current page. */
export function ReportLinks({ current }: { current: InsuranceReport }) {
  return (
    <Stack
      component="nav"
      aria-label="Insurance reports"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1 }}
    >
      {INSURANCE_REPORTS.map((report) => {
        const isCurrent = report === current;
        return (
          <Button
            key={report}
            component={RouterLink}
            to={paths.insuranceReports.getHref(report)}
            variant={isCurrent ? 'contained' : 'outlined'}
            size="small"
            aria-current={isCurrent ? 'page' : undefined}
          >
            {INSURANCE_REPORT_TITLES[report]}
          </Button>
        );
      })}
    </Stack>
  );
}
