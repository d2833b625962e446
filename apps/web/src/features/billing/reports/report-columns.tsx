import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '@openpractice/domain';
import type { ReactNode } from 'react';

import { centsForCsv, toCsv, type CsvCell } from '../logic/csv';

/**
 * One column of a report, said once for both the table and the CSV: money is in cents and
 * shown as dollars on the page, written as a plain decimal in the file.
 */
export type Column<Row, Totals> = {
  header: string;
  value: (row: Row) => CsvCell;
  money?: true;
  /** The page's rendering when it is not the value itself (a link, a formatted date). */
  show?: (row: Row) => ReactNode;
  /** The column's figure in the totals row (over every matching row). */
  total?: (totals: Totals) => number;
};

const moneyCell = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;
// Totals read as part of the table, not as a footnote (MUI's footer is small and grey).
const TOTALS = {
  '& td, & th': { color: 'text.primary', typography: 'body2', fontWeight: 600 },
} as const;

export function reportCsv<Row>(columns: readonly Column<Row, never>[], rows: readonly Row[]) {
  return toCsv(
    columns.map((c) => c.header),
    rows.map((row) =>
      columns.map((c) => {
        const value = c.value(row);
        return c.money && typeof value === 'number' ? centsForCsv(value) : value;
      }),
    ),
  );
}

export function ReportTable<Row, Totals>({
  label,
  columns,
  rows,
  rowKey,
  totals,
  totalLabel,
}: {
  label: string;
  columns: readonly Column<Row, Totals>[];
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  totals: Totals;
  totalLabel: string;
}) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const content = (c: Column<Row, Totals>, row: Row): ReactNode => {
    if (c.show) return c.show(row);
    const value = c.value(row);
    return c.money && typeof value === 'number' ? formatMoney(value) : value;
  };
  return (
    <Box
      // Wide tables do not fit a phone: the table scrolls in its own box, reachable by Tab.
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 120 * columns.length }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} scope="col" {...(c.money ? moneyCell : {})}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              <TableCell component="th" scope="row">
                {content(first, row)}
              </TableCell>
              {rest.map((c) => (
                <TableCell key={c.header} {...(c.money ? moneyCell : {})}>
                  {content(c, row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={TOTALS}>
            <TableCell component="th" scope="row">
              {totalLabel}
            </TableCell>
            {rest.map((c) => (
              <TableCell key={c.header} {...(c.money ? moneyCell : {})}>
                {c.total ? (c.money ? formatMoney(c.total(totals)) : c.total(totals)) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
