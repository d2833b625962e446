import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PhotoIdPart } from '@openpractice/domain';

import type { PhotoIdChangeRow } from './photo-id-changes';

/** Each detail read from the photo ID beside the record's, with a box to choose updating it. */
export function ProposedChangesTable({
  rows,
  chosen,
  disabled,
  onToggle,
}: {
  rows: PhotoIdChangeRow[];
  chosen: readonly PhotoIdPart[];
  disabled: boolean;
  onToggle: (part: PhotoIdPart, on: boolean) => void;
}) {
  return (
    <Table size="small" aria-label="Proposed changes">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">Update</TableCell>
          <TableCell component="th" scope="col">
            Detail
          </TableCell>
          <TableCell component="th" scope="col">
            On the record now
          </TableCell>
          <TableCell component="th" scope="col">
            On the photo ID
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.part}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={chosen.includes(row.part)}
                disabled={disabled}
                onChange={(event) => {
                  onToggle(row.part, event.target.checked);
                }}
                slotProps={{ input: { 'aria-label': `Update ${row.label.toLowerCase()}` } }}
              />
            </TableCell>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell>{row.current}</TableCell>
            <TableCell>{row.proposed}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
