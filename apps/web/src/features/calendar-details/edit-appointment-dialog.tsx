import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_TELEHEALTH_POS, TELEHEALTH_POS_CODES } from '@openpractice/domain';
import { useId, useState } from 'react';

import type { AppointmentDetails } from './api';
import { durationChoices, minutesBetween, scopeDescription, type Scope } from './details-logic';

export interface AppointmentChanges {
  practiceLocationId: number | null;
  isTeletherapy: boolean;
  teletherapyPos: string | null;
  /** Absent: the service stays as it is. */
  productId?: number;
  duration: number;
}

const POS_LABELS: Record<string, string> = {
  '02': '02 Telehealth (not at home)',
  '10': '10 Telehealth in the client’s home',
  '11': '11 Office',
};

/** Location or telehealth (with its place of service), service and length of an appointment. */
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
  onSave: (changes: AppointmentChanges) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [locationId, setLocationId] = useState(
    details.locationId === null ? '' : String(details.locationId),
  );
  const [telehealth, setTelehealth] = useState(details.isTeletherapy);
  const [pos, setPos] = useState(details.telehealthPos ?? DEFAULT_TELEHEALTH_POS);
  const [productId, setProductId] = useState(
    details.product ? String(details.product.productId) : '',
  );
  const [duration, setDuration] = useState(minutesBetween(details.start, details.end));
  const telehealthAllowed = details.therapistOffersTelehealth || details.isTeletherapy;

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
          onSave({
            practiceLocationId: telehealth || locationId === '' ? null : Number(locationId),
            isTeletherapy: telehealth,
            teletherapyPos: telehealth ? pos : null,
            ...(productId === '' ? {} : { productId: Number(productId) }),
            duration,
          });
        }}
      >
        <DialogTitle id={titleId}>Edit appointment</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {scope && (
              <DialogContentText>This changes {scopeDescription(scope)}.</DialogContentText>
            )}
            <FormControlLabel
              control={
                <Checkbox
                  checked={telehealth}
                  disabled={!telehealthAllowed}
                  onChange={(event) => {
                    setTelehealth(event.target.checked);
                  }}
                />
              }
              label={
                telehealthAllowed ? 'Telehealth' : 'Telehealth (the therapist does not offer it)'
              }
            />
            {telehealth ? (
              <TextField
                select
                label="Place of service"
                value={pos}
                onChange={(event) => {
                  setPos(event.target.value);
                }}
              >
                {TELEHEALTH_POS_CODES.map((code) => (
                  <MenuItem key={code} value={code}>
                    {POS_LABELS[code] ?? code}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                select
                label="Location"
                value={locationId}
                onChange={(event) => {
                  setLocationId(event.target.value);
                }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">
                  <em>No location</em>
                </MenuItem>
                {details.locationOptions.map((location) => (
                  <MenuItem key={location.id} value={String(location.id)}>
                    {location.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label="Service"
              value={productId}
              onChange={(event) => {
                setProductId(event.target.value);
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
            <TextField
              select
              label="Duration"
              value={String(duration)}
              onChange={(event) => {
                setDuration(Number(event.target.value));
              }}
            >
              {durationChoices(minutesBetween(details.start, details.end)).map((option) => (
                <MenuItem key={option.minutes} value={String(option.minutes)}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
