import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatPhone, formatUsDate, payerAddressLine } from '@openpractice/domain';

import { VisuallyHidden } from '../../ui/visually-hidden';
import type { Payer } from './api';

/** 'Active', 'Ends 06/30/2026', 'Ended 01/31/2026' or 'Therapist-specific'. */
export function payerStatus(payer: Payer): string {
  if (payer.active) return payer.endDate ? `Ends ${formatUsDate(payer.endDate)}` : 'Active';
  if (payer.therapist_specific && !payer.endDate) return 'Therapist-specific';
  return payer.endDate ? `Ended ${formatUsDate(payer.endDate)}` : 'Inactive';
}

/**
 * 'Label (payerId)' in full: the table has room for it (it wraps on narrow screens), so
 * neither the name nor the id is cut (issue 15; spec-2 §9's 23-character cut is for
 * columns without room).
 */
function PayerName({ payer }: { payer: Payer }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {payer.displayLabel}
    </Box>
  );
}

/** The practice's payers with their address, status, and Edit and End buttons. */
export function PayersTable({
  payers,
  onEdit,
  onEnd,
}: {
  payers: Payer[];
  onEdit: (payer: Payer) => void;
  onEnd: (payer: Payer) => void;
}) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Insurance payers">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Payer</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Address</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Phone</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Status</TableCell>
              <TableCell>
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payers.map((payer) => (
              <TableRow key={payer.practice_insurance_id} hover>
                <TableCell sx={{ minWidth: '12rem' }}>
                  <PayerName payer={payer} />
                </TableCell>
                <TableCell>{payerAddressLine(payer)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {payer.phone ? formatPhone(payer.phone) : ''}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={payer.active ? 'success' : 'default'}
                    label={payerStatus(payer)}
                  />
                </TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="small"
                      aria-label={`Edit ${payer.displayLabel}`}
                      onClick={() => {
                        onEdit(payer);
                      }}
                    >
                      Edit
                    </Button>
                    {(payer.active || payer.endDate === null) && (
                      <Button
                        size="small"
                        color="error"
                        aria-label={`End ${payer.displayLabel}`}
                        onClick={() => {
                          onEnd(payer);
                        }}
                      >
                        End
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
