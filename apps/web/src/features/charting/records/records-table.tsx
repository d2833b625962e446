import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { RecordRow } from '../api/records';
import { formatWhen, recordStatusLabel } from '../format';

/** What the row is: the note's template, or an addendum (of which template, when known). */
function recordName(row: RecordRow): string {
  if (row.type === 'note' || row.templateName === 'Addendum') return row.templateName;
  return `Addendum to ${row.templateName}`;
}

const rowKey = (row: RecordRow) => `${row.type}-${row.noteId}-${row.addendumId ?? 0}`;

/** The client's notes and addenda, newest session first; each links to its note. */
export function RecordsTable({
  patientId,
  rows,
  timeZone,
}: {
  patientId: number;
  rows: RecordRow[];
  timeZone: string;
}) {
  return (
    <Box
      // The table scrolls in its own box on a phone; keyboard users reach it by Tab.
      tabIndex={0}
      role="region"
      aria-label="Records"
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Session</TableCell>
            <TableCell scope="col">Record</TableCell>
            <TableCell scope="col">Therapist</TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col">Last changed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              <TableCell>
                <Link component={RouterLink} to={paths.client.note.getHref(patientId, row.noteId)}>
                  {formatWhen(row.sessionAt, timeZone)}
                </Link>
              </TableCell>
              <TableCell>{recordName(row)}</TableCell>
              <TableCell>{row.therapistName}</TableCell>
              <TableCell>{recordStatusLabel(row)}</TableCell>
              <TableCell>{formatWhen(row.updatedAt, timeZone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
