import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '@openpractice/domain';

import type { LedgerEntry } from '../api';
import { refundableCents } from '../logic/allocation';
import { describeEntry, entryDate, kindLabel } from '../logic/entry-text';

export type LedgerAction =
  | { type: 'adjust'; entry: LedgerEntry }
  | { type: 'refund'; entry: LedgerEntry; refundableCents: number }
  | { type: 'reverse'; entry: LedgerEntry };

/** What a charge still owes, or what is left of a payment to apply; blank for the rest. */
function openText(entry: LedgerEntry): string {
  if (entry.openCents === null || entry.reversed) return '';
  if (entry.kind === 'charge') return `${formatMoney(entry.openCents)} owed`;
  if (entry.kind === 'payment' && entry.openCents > 0)
    return `${formatMoney(entry.openCents)} left`;
  return '';
}

/** The corrections a biller may make on an entry (none on a reversal or what is reversed). */
function actionsOf(entry: LedgerEntry, entries: readonly LedgerEntry[]): LedgerAction[] {
  if (entry.reversesId !== null || entry.reversed) return [];
  const actions: LedgerAction[] = [];
  if (entry.kind === 'charge' && (entry.openCents ?? 0) > 0)
    actions.push({ type: 'adjust', entry });
  if (entry.kind === 'payment') {
    const refundable = refundableCents(entry, entries);
    if (refundable > 0) actions.push({ type: 'refund', entry, refundableCents: refundable });
  }
  actions.push({ type: 'reverse', entry });
  return actions;
}

const ACTION_LABELS = { adjust: 'Adjust', refund: 'Refund', reverse: 'Reverse' } as const;

/**
 * Every entry, newest first (what changed last is what staff look for), each with its amount,
 * what it still owes, and — for billers — the corrections it allows. Reversed entries stay,
 * marked, beside the reversal that undid them.
 */
export function LedgerTable({
  entries,
  canCorrect,
  onAction,
}: {
  entries: readonly LedgerEntry[];
  canCorrect: boolean;
  onAction: (action: LedgerAction) => void;
}) {
  const byId = new Map(entries.map((e) => [e.entryId, e]));
  const newestFirst = [...entries].reverse();
  return (
    <Box
      // The table scrolls in its own box on a phone; keyboard users reach it by Tab.
      tabIndex={0}
      role="region"
      aria-label="Ledger entries"
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Date</TableCell>
            <TableCell scope="col">Kind</TableCell>
            <TableCell scope="col">Description</TableCell>
            <TableCell scope="col" align="right">
              Amount
            </TableCell>
            <TableCell scope="col" align="right">
              Open
            </TableCell>
            {canCorrect && <TableCell scope="col">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {newestFirst.map((entry) => {
            const description = describeEntry(entry, byId);
            return (
              <TableRow key={entry.entryId} data-entry-id={entry.entryId} data-kind={entry.kind}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{entryDate(entry)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{kindLabel(entry)}</span>
                    {entry.reversed && <Chip size="small" variant="outlined" label="Reversed" />}
                  </Stack>
                </TableCell>
                <TableCell sx={entry.reversed ? { color: 'text.secondary' } : undefined}>
                  {description}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(entry.amountCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {openText(entry)}
                </TableCell>
                {canCorrect && (
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {actionsOf(entry, entries).map((action) => (
                        <Button
                          key={action.type}
                          size="small"
                          color={action.type === 'reverse' ? 'error' : 'primary'}
                          aria-label={`${ACTION_LABELS[action.type]}: ${kindLabel(entry)} ${description}, ${entryDate(entry)}`}
                          onClick={() => {
                            onAction(action);
                          }}
                        >
                          {ACTION_LABELS[action.type]}
                        </Button>
                      ))}
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
