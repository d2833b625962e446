import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import type { AppointmentAttendee, ProductChoice } from './api';
import { attendanceLabel, checkedInLabel } from './details-logic';

export interface AttendeeRowProps {
  attendee: AppointmentAttendee;
  timeZone: string;
  /** The caller may record attendance and check clients in; the appointment is not cancelled. */
  canChange: boolean;
  /** A request is running: every action waits. */
  busy: boolean;
  /** The services to choose from while attendance is unknown, and the one preselected. */
  products: { choices: ProductChoice[]; initial: number | null };
  onSave: (input: { attended: boolean; noShow: boolean; productId: number | null }) => void;
  onReset: () => void;
  onToggleCheckIn: () => void;
}

/**
 * One attendee: their attendance and check-in, and what can be done with
 * them (spec-1 §4 Attendance and check-in). Unknown attendance offers
 * Attended / Not attended (with an optional no-show and service); recorded
 * attendance offers Reset to unknown.
 */
export function AttendeeRow({
  attendee,
  timeZone,
  canChange,
  busy,
  products,
  onSave,
  onReset,
  onToggleCheckIn,
}: AttendeeRowProps) {
  const nameId = useId();
  const [noShow, setNoShow] = useState(false);
  const [productId, setProductId] = useState<string>(
    products.initial === null ? '' : String(products.initial),
  );
  const chosen = productId === '' ? null : Number(productId);
  const product = attendee.product ? `${attendee.product.sku} ${attendee.product.name}` : null;

  return (
    <Box
      role="group"
      aria-labelledby={nameId}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography id={nameId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {attendee.fullName}
          </Typography>
          <Typography variant="body2">
            {attendanceLabel(attendee)}
            {!attendee.attendanceUnknown && product ? ` · ${product}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {checkedInLabel(attendee.checkedInTime, timeZone)}
          </Typography>
        </Box>
        {canChange && (
          <Button size="small" variant="outlined" disabled={busy} onClick={onToggleCheckIn}>
            {attendee.checkedInTime ? 'Undo check-in' : 'Check in'}
          </Button>
        )}
      </Stack>

      {canChange && attendee.attendanceUnknown && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mt: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          <TextField
            select
            size="small"
            label="Service"
            value={productId}
            disabled={busy}
            onChange={(event) => {
              setProductId(event.target.value);
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">
              <em>Keep the booked service</em>
            </MenuItem>
            {products.choices.map((choice) => (
              <MenuItem key={choice.productId} value={String(choice.productId)}>
                {choice.sku} {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={noShow}
                disabled={busy}
                onChange={(event) => {
                  setNoShow(event.target.checked);
                }}
              />
            }
            label="No-show"
          />
          <Button
            variant="contained"
            size="small"
            disabled={busy || noShow}
            onClick={() => {
              onSave({ attended: true, noShow: false, productId: chosen });
            }}
          >
            Attended
          </Button>
          <Button
            variant="contained"
            color="secondary"
            size="small"
            disabled={busy}
            onClick={() => {
              onSave({ attended: false, noShow, productId: chosen });
            }}
          >
            Not attended
          </Button>
        </Stack>
      )}

      {canChange && !attendee.attendanceUnknown && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" disabled={busy} onClick={onReset}>
            Reset to unknown
          </Button>
        </Box>
      )}
    </Box>
  );
}
