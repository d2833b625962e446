import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  formatTime,
  formatUsDate,
  isPortalAccountLocked,
  NEVER_TEXT,
  NONE_TEXT,
} from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../../config/paths';
import { usePortalCredentials, usePortalStatus, type PortalData } from '../api/portal';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { OutboundEmails } from './outbound-emails';
import { PORTAL_STATUS_LABELS } from './portal-actions';
import { PortalActionButtons } from './portal-action-buttons';

function lockText(portal: PortalData, now: Date): string {
  if (!isPortalAccountLocked(portal, now)) return 'Not locked';
  const until = portal.loginLockExpiration;
  return `Locked until ${formatUsDate(until)} ${formatTime(until)} after ${portal.failedLoginCount} failed sign-ins`;
}

/** The client's portal account: status, username, lock, the actions, emails and sign-ins. */
export function PortalTab({
  patientId,
  canViewEmailLog,
}: {
  patientId: number;
  canViewEmailLog: boolean;
}) {
  const status = usePortalStatus(patientId);
  const credentials = usePortalCredentials(patientId);
  useLoadErrorToast(status, MESSAGES.loadPortalStatus);
  useLoadErrorToast(credentials, MESSAGES.loadPortalInfo);

  if (status.isPending) return <SectionSpinner />;
  if (status.isLoadingError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const portal = status.data;
  const now = new Date();
  const passwordSetOn = credentials.data?.passwordSetOn;

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Table size="small" aria-label="Portal account" sx={{ maxWidth: 640 }}>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              Status
            </TableCell>
            <TableCell>{PORTAL_STATUS_LABELS[portal.status]}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Username
            </TableCell>
            <TableCell>{portal.username ?? NONE_TEXT}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Password set
            </TableCell>
            <TableCell>
              {credentials.isSuccess
                ? passwordSetOn
                  ? `${formatUsDate(passwordSetOn)} ${formatTime(passwordSetOn)}`
                  : NEVER_TEXT
                : '…'}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Sign-in
            </TableCell>
            <TableCell>{lockText(portal, now)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <PortalActionButtons patientId={patientId} portal={portal} />
      <Link component={RouterLink} to={paths.client.loginHistory.getHref(patientId)}>
        Portal login history
      </Link>
      {canViewEmailLog && <OutboundEmails patientId={patientId} />}
    </Stack>
  );
}
