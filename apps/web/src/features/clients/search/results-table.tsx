import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import {
  CLIENT_SEARCH_ROW_FIELDS,
  formatPhone,
  formatUsDate,
  type ClientField,
} from '@openpractice/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { ClientSearchRow } from './api/search';
import { clientDisplayName } from './client-typeahead';
import { NO_MATCHES_MESSAGE } from './messages';
import type { ClientSearchSort, SortKey } from './search-criteria';

interface Column {
  id: string;
  label: string;
  sortKey?: SortKey;
  /** The row key that carries this column: the server leaves it out where the caller may not see it. */
  key?: keyof typeof CLIENT_SEARCH_ROW_FIELDS;
  render: (row: ClientSearchRow) => ReactNode;
}

const joinNames = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** The payer in full, wrapping in its column (issue 15: not cut where the row has room). */
function insuranceCell(name: string | null | undefined): ReactNode {
  if (!name) return '';
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', minWidth: '8rem', overflowWrap: 'anywhere' }}
    >
      {name}
    </Box>
  );
}

const NAME: Column = {
  id: 'name',
  label: 'Name',
  sortKey: 'name',
  render: (row) => (
    <Link component={RouterLink} to={paths.client.profile.getHref(row.user_id)}>
      {clientDisplayName(row)}
    </Link>
  ),
};

const THERAPIST: Column = {
  id: 'therapist',
  label: 'Therapist',
  render: (row) => row.therapist_names.join(', '),
};

const OTHER_COLUMNS: Column[] = [
  { id: 'group', label: 'Group', render: (row) => row.group_name ?? '' },
  {
    id: 'insurance',
    label: 'Insurance',
    key: 'practice_insurance_name',
    render: (row) => insuranceCell(row.practice_insurance_name),
  },
  {
    id: 'responsibleParty',
    label: 'Responsible party',
    key: 'responsible_party_first_name',
    render: (row) => joinNames(row.responsible_party_first_name, row.responsible_party_last_name),
  },
  {
    id: 'insuranceNumber',
    label: 'Insurance number',
    key: 'user_insurance_insurancenumber',
    render: (row) => row.user_insurance_insurancenumber ?? '',
  },
  { id: 'email', label: 'Email', key: 'email', render: (row) => row.email ?? '' },
  {
    id: 'phone',
    label: 'Phone',
    key: 'phone',
    render: (row) => (row.phone ? formatPhone(row.phone) : ''),
  },
  {
    id: 'dateOfBirth',
    label: 'Date of birth',
    sortKey: 'dateOfBirth',
    key: 'dateOfBirth',
    render: (row) => formatUsDate(row.dateOfBirth ?? null),
  },
  {
    id: 'paymentType',
    label: 'Payment type',
    key: 'payment_type',
    render: (row) => row.payment_type ?? '',
  },
  {
    id: 'accountNumber',
    label: 'Account number',
    sortKey: 'accountNumber',
    render: (row) => row.accountNumber,
  },
  { id: 'status', label: 'Status', render: (row) => row.clientStatus },
  { id: 'added', label: 'Added', sortKey: 'added', render: (row) => formatUsDate(row.added) },
];

/**
 * The columns shown; the therapist column only when it tells clients apart
 * (domain rule). A column the server leaves out of every row (a field the
 * caller may not see) is not shown at all; before any rows arrive, the
 * fields the caller may see in this search context decide.
 */
export function resultColumns(
  showTherapist: boolean,
  rows: readonly ClientSearchRow[],
  contextFields: ReadonlySet<ClientField>,
): Column[] {
  const shown = ({ key }: Column) => {
    if (!key) return true;
    if (rows.length === 0) return contextFields.has(CLIENT_SEARCH_ROW_FIELDS[key]);
    return rows.some((row) => key in row);
  };
  return [NAME, ...(showTherapist ? [THERAPIST] : []), ...OTHER_COLUMNS].filter(shown);
}

const SKELETON_ROWS = 8;

export interface ResultsTableProps {
  rows: ClientSearchRow[];
  /** Rows are being fetched: skeleton rows stand in for them. */
  loading: boolean;
  /** The search failed: this shows in place of the rows. */
  errorText?: string | null;
  showTherapist: boolean;
  /** The fields the caller may see of every client in the search context (domain rule). */
  contextFields: ReadonlySet<ClientField>;
  sort: ClientSearchSort;
  onSort: (sort: ClientSearchSort) => void;
}

/** The client search results (spec-2 §2 Client search). */
export function ResultsTable({
  rows,
  loading,
  errorText,
  showTherapist,
  contextFields,
  sort,
  onSort,
}: ResultsTableProps) {
  const columns = resultColumns(showTherapist, rows, contextFields);

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <TableRow key={i} aria-hidden>
        {columns.map((column) => (
          <TableCell key={column.id}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (errorText || rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
          {errorText || NO_MATCHES_MESSAGE}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.user_id} hover>
        {columns.map((column) => (
          <TableCell key={column.id} sx={{ whiteSpace: 'nowrap' }}>
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <TableContainer>
      <Table size="small" aria-label="Clients" aria-busy={loading}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const sortKey = column.sortKey;
              const active = sortKey !== undefined && sort.sortBy === sortKey;
              return (
                // `sortDirection` sets aria-sort, which screen readers announce.
                <TableCell
                  key={column.id}
                  sortDirection={active ? sort.sortDir : false}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {sortKey ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.sortDir : 'asc'}
                      onClick={() => {
                        onSort({
                          sortBy: sortKey,
                          sortDir: active && sort.sortDir === 'asc' ? 'desc' : 'asc',
                        });
                      }}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}
