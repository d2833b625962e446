import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DEFAULT_TELEHEALTH_POS,
  TELEHEALTH_POS_CODES,
  type TelehealthPos,
} from '@openpractice/domain';

import type { AppointmentDetails } from './api';

/** A stored place of service, or the default one when it is none the dialog offers. */
export const posOf = (value: string | null): TelehealthPos =>
  TELEHEALTH_POS_CODES.find((code) => code === value) ?? DEFAULT_TELEHEALTH_POS;

const POS_LABELS: Record<string, string> = {
  '02': '02 Telehealth (not at home)',
  '10': '10 Telehealth in the client’s home',
  '11': '11 Office',
};

/** Where an edited appointment happens: telehealth with its place of service, or a location. */
export function WhereFields({
  details,
  telehealth,
  onTelehealth,
  pos,
  onPos,
  locationId,
  onLocationId,
  telehealthOffered = details.therapistOffersTelehealth || details.isTeletherapy,
}: {
  details: AppointmentDetails;
  telehealth: boolean;
  onTelehealth: (telehealth: boolean) => void;
  pos: TelehealthPos;
  onPos: (pos: TelehealthPos) => void;
  locationId: string;
  onLocationId: (locationId: string) => void;
  /** The (chosen) therapist holds telehealth sessions; a telehealth appointment may always be switched off. */
  telehealthOffered?: boolean;
}) {
  const telehealthAllowed = telehealthOffered || telehealth;
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={telehealth}
            disabled={!telehealthAllowed}
            onChange={(event) => {
              onTelehealth(event.target.checked);
            }}
          />
        }
        label={telehealthOffered ? 'Telehealth' : 'Telehealth (the therapist does not offer it)'}
      />
      {telehealth ? (
        <TextField
          select
          label="Place of service"
          value={pos}
          onChange={(event) => {
            onPos(posOf(event.target.value));
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
            onLocationId(event.target.value);
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
    </>
  );
}
