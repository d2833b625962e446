import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';

import type { AppointmentDetails } from './api';
import { minutesBetween, scopeDescription, type Scope } from './details-logic';
import { MoveFields } from './move-fields';
import { useAppointmentEdit, type AppointmentChanges } from './use-appointment-edit';
import { WhereFields } from './where-fields';

export type { AppointmentChanges } from './use-appointment-edit';

/** Saves the changes; `onRefused` hears a taken time (409) so the dialog can offer double booking. */
export type SaveAppointmentChanges = (
  changes: AppointmentChanges,
  moves: boolean,
  onRefused: (message: string) => void,
) => void;

/**
 * Edit an appointment (issue 15 item 1): its date, time and length, therapist, location
 * or telehealth and service, so it can be moved without dragging. A move counts the
 * conflicts at the new place and, as when booking, saves over them only with double
 * booking allowed; a series moves the occurrences of the scope chosen first.
 */
export function EditAppointmentDialog({
  details,
  scope,
  busy,
  onSave,
  onClose,
}: {
  details: AppointmentDetails;
  /** For a series event: which occurrences the change applies to (asked first). */
  scope: Scope | null;
  busy: boolean;
  onSave: SaveAppointmentChanges;
  onClose: () => void;
}) {
  const titleId = useId();
  const edit = useAppointmentEdit(details, busy);
  const { when, setWhen, where } = edit;
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const changes = edit.changes();
          if (!edit.canSave || !changes) return;
          onSave(changes, edit.moves, edit.setRefusal);
        }}
      >
        <DialogTitle id={titleId}>Edit appointment</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {scope && (
              <DialogContentText>
                This changes {scopeDescription(scope)}.
                {scope !== 'this' && edit.moves && ' Each moves by the same change as this one.'}
              </DialogContentText>
            )}
            <MoveFields
              when={when}
              onWhen={setWhen}
              therapistName={details.therapistName}
              originalDuration={minutesBetween(details.start, details.end)}
              allDayChoice={false}
              conflicts={edit.conflicts}
              refusal={edit.refusal}
              allowDoubleBooking={edit.allowDoubleBooking}
              onAllowDoubleBooking={edit.setAllowDoubleBooking}
              disabled={busy}
            />
            <WhereFields
              details={details}
              telehealth={where.telehealth}
              onTelehealth={where.setTelehealth}
              pos={where.pos}
              onPos={where.setPos}
              locationId={where.locationId}
              onLocationId={where.setLocationId}
              telehealthOffered={where.telehealthOffered}
            />
            <ServiceField
              details={details}
              productId={edit.productId}
              onProductId={edit.setProductId}
            />
            {edit.lengthWarning && <Alert severity="warning">{edit.lengthWarning}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!edit.canSave}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ServiceField({
  details,
  productId,
  onProductId,
}: {
  details: AppointmentDetails;
  productId: string;
  onProductId: (productId: string) => void;
}) {
  return (
    <TextField
      select
      label="Service"
      value={productId}
      onChange={(event) => {
        onProductId(event.target.value);
      }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {details.product === null && (
        <MenuItem value="">
          <em>No service</em>
        </MenuItem>
      )}
      {details.productOptions.map((product) => (
        <MenuItem key={product.productId} value={String(product.productId)}>
          {product.sku} {product.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
