import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useEligibilityHistory } from './api/insurance';
import type { EligibilityHistory } from './api/types';
import { SectionHeading } from './section-heading';

/** The tab lists the latest few; the eligibility page has them all. */
const SHOWN = 3;
export const ELIGIBILITY_HISTORY_FAILED = 'Unable to load eligibility check history.';

type Check = EligibilityHistory['data'][number];

/** What a check came to, in words. */
export function checkOutcome(check: Pick<Check, 'status' | 'coverage'>): string {
  switch (check.status) {
    case 'COMPLETE':
      return check.coverage === 'active'
        ? 'Coverage active'
        : check.coverage === 'inactive'
          ? 'Coverage inactive'
          : 'Coverage unknown';
    case 'FAILED':
      return 'Rejected by the payer';
    case 'ERROR':
      return 'No answer';
  }
}

/** The day of a check on the practice's calendar ('3/10/26'). */
function checkDay(createdAt: string, timezone: string): string {
  return new Date(createdAt).toLocaleDateString('en-US', {
    timeZone: timezone,
    month: 'numeric',
    day: 'numeric',
    year: '2-digit',
  });
}

/**
 * Eligibility checks (spec-2 §2): the latest few, and a link to the page
 * where a check is run and its reports are read.
 */
export function EligibilitySection({ patientId }: { patientId: number }) {
  const history = useEligibilityHistory(patientId);
  const refused = history.error instanceof ApiError && history.error.status === 403;
  useLoadErrorToast(history, refused ? null : ELIGIBILITY_HISTORY_FAILED, { tryAgain: true });
  const checks = history.data?.data.slice(0, SHOWN) ?? [];
  const timezone = history.data?.timezone ?? 'America/New_York';

  return (
    <Stack component="section" spacing={1} aria-labelledby="insurance-eligibility-heading">
      <SectionHeading id="insurance-eligibility-heading">Eligibility checks</SectionHeading>
      {history.isPending ? (
        <SectionSpinner label="Loading eligibility checks" />
      ) : history.isError ? null : checks.length === 0 ? (
        <Typography>No eligibility checks yet.</Typography>
      ) : (
        <List disablePadding dense aria-label="Latest eligibility checks">
          {checks.map((check) => (
            <ListItem key={check.eligibilityRequestId} divider>
              <ListItemText
                primary={`${checkDay(check.createdAt, timezone)} · ${check.payerName}`}
                secondary={`${check.serviceName} · ${checkOutcome(check)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Link
        component={RouterLink}
        to={paths.client.eligibility.getHref(patientId)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Check eligibility
      </Link>
    </Stack>
  );
}
