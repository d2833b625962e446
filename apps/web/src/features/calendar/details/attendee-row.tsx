import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { AppointmentAttendee, ProductChoice } from './api';
import { attendanceLabel, checkedInLabel } from './details-logic';

export interface AttendeeRowProps {
  attendee: AppointmentAttendee;
  timeZone: string;
  /** The caller may record attendance and check clients in; the appointment is not cancelled. */
  canChange: boolean;
  /**
   * What the session's time allows now (useAttendanceTiming): check-in from
   * 15 minutes before the start, attendance from the start.
   */
  timing: { canCheckIn: boolean; canRecordAttendance: boolean };
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
 * Attended / Not attended (with an optional no-show and service) once the
 * session has started; recorded attendance offers Reset to unknown. Check in
 * is offered from 15 minutes before the start; Undo check-in always.
 */
export function AttendeeRow({
  attendee,
  timeZone,
  canChange,
  timing,
  busy,
  products,
  onSave,
  onReset,
  onToggleCheckIn,
}: AttendeeRowProps) {
  const nameId = useId();
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
        {canChange && (attendee.checkedInTime !== null || timing.canCheckIn) && (
          <Button size="small" variant="outlined" disabled={busy} onClick={onToggleCheckIn}>
            {attendee.checkedInTime ? 'Undo check-in' : 'Check in'}
          </Button>
        )}
      </Stack>

      {canChange && timing.canRecordAttendance && attendee.attendanceUnknown && (
        <RecordAttendance busy={busy} products={products} onSave={onSave} />
      )}

      {((canChange && !attendee.attendanceUnknown) || noteLink(attendee)) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {canChange && !attendee.attendanceUnknown && (
            <Button size="small" disabled={busy} onClick={onReset}>
              Reset to unknown
            </Button>
          )}
          <NoteLink attendee={attendee} />
        </Stack>
      )}
    </Box>
  );
}

/**
 * The session's progress note (issue 17): 'Open note' once it has one, 'Write note' once
 * the client attended. The note page says so when the caller may not read or write it.
 */
function noteLink(attendee: AppointmentAttendee): { label: string; to: string } | null {
  if (attendee.isCharted) {
    return {
      label: 'Open note',
      to:
        attendee.patientChartId === null
          ? paths.client.noteOfAttendee.getHref(
              attendee.patientId,
              attendee.calendarEventAttendeeId,
            )
          : paths.client.note.getHref(attendee.patientId, attendee.patientChartId),
    };
  }
  if (attendee.attended) {
    return {
      label: 'Write note',
      to: paths.client.noteOfAttendee.getHref(attendee.patientId, attendee.calendarEventAttendeeId),
    };
  }
  return null;
}

function NoteLink({ attendee }: { attendee: AppointmentAttendee }) {
  const link = noteLink(attendee);
  if (!link) return null;
  return (
    <>
      <Button size="small" variant="outlined" component={RouterLink} to={link.to}>
        {link.label}
      </Button>
      {attendee.isCharted && (
        // A family or collateral session may need more notes beside the billing note.
        <Button
          size="small"
          component={RouterLink}
          to={`${paths.client.noteOfAttendee.getHref(attendee.patientId, attendee.calendarEventAttendeeId)}?kind=additional`}
        >
          Add family or collateral note
        </Button>
      )}
    </>
  );
}

/** Unknown attendance: the service, a no-show, then Attended or Not attended. */
function RecordAttendance({
  busy,
  products,
  onSave,
}: Pick<AttendeeRowProps, 'busy' | 'products' | 'onSave'>) {
  const [noShow, setNoShow] = useState(false);
  const [productId, setProductId] = useState<string>(
    products.initial === null ? '' : String(products.initial),
  );
  const chosen = productId === '' ? null : Number(productId);

  return (
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
  );
}
