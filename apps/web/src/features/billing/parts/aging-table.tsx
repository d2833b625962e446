import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AGING_BUCKETS, formatMoney, type Aging } from '@openpractice/domain';

/** What is owed by age, one column per bucket, and the basis the server aged it by. */
export function AgingTable({ aging, basis }: { aging: Aging; basis: string }) {
  return (
    <Box>
      <Box
        // Five columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
        tabIndex={0}
        role="region"
        aria-label="Aging"
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        <Table size="small" sx={{ minWidth: 480 }}>
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
            <Typography component="span" variant="subtitle2">
              Aging
            </Typography>
          </caption>
          <TableHead>
            <TableRow>
              {AGING_BUCKETS.map((bucket) => (
                <TableCell key={bucket.key} scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {bucket.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              {AGING_BUCKETS.map((bucket) => (
                <TableCell key={bucket.key} align="right">
                  {formatMoney(aging[bucket.key])}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {basis}
      </Typography>
    </Box>
  );
}
