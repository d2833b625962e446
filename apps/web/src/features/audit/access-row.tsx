import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { ACCESS_KIND_LABELS, type AccessRow } from './api';

/** One event: when, who (and through whose impersonation, why), what, which clients, from where. */
export function AccessReportRow({ row, timezone }: { row: AccessRow; timezone: string }) {
  const more = row.clientCount - row.clients.length;
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatZonedDate(row.at, timezone)}
        <br />
        {formatZonedTime(row.at, timezone)}
      </TableCell>
      <TableCell>
        {row.actor ? row.actor.name : 'Not signed in'}
        {row.actor && (
          <Typography variant="body2" color="text.secondary">
            {row.actor.username}
          </Typography>
        )}
        {row.impersonator && (
          <Typography variant="body2" color="warning.dark">
            Impersonated by {row.impersonator.name}
            {row.impersonationReason ? `: ${row.impersonationReason}` : ''}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {ACCESS_KIND_LABELS[row.kind]}
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {row.action}
        </Typography>
        {row.reason && (
          <Typography variant="body2" color="error">
            {row.reason}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {row.clients.map((client, index) => (
          <span key={client.id}>
            {index > 0 && ', '}
            <Link component={RouterLink} to={paths.client.profile.getHref(client.id)}>
              {client.name}
            </Link>
          </span>
        ))}
        {more > 0 && ` and ${more} more`}
        {row.clientCount === 0 && '—'}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{row.ip ?? '—'}</TableCell>
    </TableRow>
  );
}
