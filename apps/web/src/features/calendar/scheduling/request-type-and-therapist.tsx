import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { SCHEDULING_REQUEST_TYPES, type SchedulingRequestType } from '@openpractice/domain';
import type { Dispatch } from 'react';

import type { VisibleCalendars } from './api';
import type { FormAction, SchedulingForm } from './scheduling-form';

type Therapist = VisibleCalendars['therapists'][number];

export function therapistLabel(t: Therapist): string {
  return `${t.practitionerFirstName} ${t.practitionerLastName}`.trim();
}

/** Whose calendar: the therapists the user may book for (a therapist-only user: locked to their own). */
export function TherapistSelect({
  value,
  therapists,
  onChange,
  disabled,
  locked,
}: {
  value: number | null;
  therapists: Therapist[];
  onChange: (therapistId: number) => void;
  disabled: boolean;
  locked: boolean;
}) {
  return (
    <TextField
      select
      label="Therapist"
      value={value ?? ''}
      onChange={(event) => {
        onChange(Number(event.target.value));
      }}
      disabled={disabled || locked}
      required
      fullWidth
    >
      {therapists.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {therapistLabel(t)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** What is being booked (appointment, meeting, out of office) and on whose calendar. */
export function RequestTypeAndTherapist({
  state,
  dispatch,
  disabled,
  allowTypeSelection,
  therapists,
  therapistLocked,
}: {
  state: SchedulingForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  allowTypeSelection: boolean;
  therapists: Therapist[];
  /** A therapist-only user books on their own calendar only. */
  therapistLocked: boolean;
}) {
  return (
    <>
      {allowTypeSelection && (
        <ToggleButtonGroup
          exclusive
          color="primary"
          aria-label="Request type"
          value={state.requestType}
          onChange={(_event, value: SchedulingRequestType | null) => {
            if (value) dispatch({ type: 'requestType', value });
          }}
          disabled={disabled}
          size="small"
        >
          {SCHEDULING_REQUEST_TYPES.map((type) => (
            <ToggleButton key={type} value={type}>
              {type}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <TherapistSelect
        value={state.therapistId}
        therapists={therapists}
        onChange={(value) => {
          dispatch({ type: 'therapist', value });
        }}
        disabled={disabled}
        locked={therapistLocked}
      />
    </>
  );
}
