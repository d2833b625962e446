import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import type { PrecertRow, ReportRowBase } from './api';

export const NOT_SET_TEXT = 'Not set';

/** The client's name, linking to the insurance tab of their record. */
export function ClientCell({ row }: { row: ReportRowBase }) {
  return (
    <Link component={RouterLink} to={paths.client.profile.getHref(row.patientId, 'insurance')}>
      {row.clientName}
    </Link>
  );
}

/**
 * A payer name in full, wrapping in its column: the row has room for it, so nothing is cut
 * (issue 15; spec-2 §9's 23-character cut is for places without room).
 */
export function PayerCell({ label }: { label: string | null }) {
  if (label === null) return <>{NOT_SET_TEXT}</>;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', minWidth: '8rem', overflowWrap: 'anywhere' }}
    >
      {label}
    </Box>
  );
}

/** 'Today', '1 day', '12 days'. */
export function daysLeftText(days: number | null | undefined): string {
  if (days === null || days === undefined) return '';
  if (days === 0) return 'Today';
  return days === 1 ? '1 day' : `${days} days`;
}

export const insuranceTypeText = (type: 'PRIMARY' | 'SECONDARY') =>
  type === 'PRIMARY' ? 'Primary' : 'Secondary';

/** Visits remaining, flagged when two or fewer are left (none left: over the limit). */
export function RemainingCell({ row }: { row: PrecertRow }) {
  if (row.visitsRemaining === null) return <>No limit</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <span>{row.visitsRemaining}</span>
      {row.nearLimit && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={row.visitsRemaining <= 0 ? 'Limit reached' : 'Nearly used'}
        />
      )}
    </Stack>
  );
}
