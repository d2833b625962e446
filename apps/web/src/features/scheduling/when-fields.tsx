import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { defaultMeetingEventName, durationOptionsWith } from '@openpractice/domain';
import type { Dispatch } from 'react';

import type { FormAction, SchedulingForm } from './scheduling-form';

/**
 * When: date, start time and length (15 to 105 minutes, labelled 'N
 * minutes'); for meetings and out of office also the name and all day.
 */
export function WhenFields({
  state,
  dispatch,
  disabled,
}: {
  state: SchedulingForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
}) {
  const isAppointment = state.requestType === 'Appointment';
  return (
    <Stack spacing={2}>
      {!isAppointment && (
        <TextField
          label="Name"
          value={state.eventName}
          placeholder={defaultMeetingEventName(state.requestType)}
          onChange={(event) => {
            dispatch({ type: 'eventName', value: event.target.value });
          }}
          disabled={disabled}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200 } }}
          helperText={`Leave blank for '${defaultMeetingEventName(state.requestType)}'.`}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Date"
          type="date"
          value={state.date}
          onChange={(event) => {
            dispatch({ type: 'date', value: event.target.value });
          }}
          disabled={disabled}
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {!state.allDay && (
          <TextField
            label="Start time"
            type="time"
            value={state.time}
            onChange={(event) => {
              dispatch({ type: 'time', value: event.target.value });
            }}
            disabled={disabled}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
          />
        )}
        {!state.allDay && (
          <TextField
            select
            label="Duration"
            value={state.duration}
            onChange={(event) => {
              dispatch({ type: 'duration', value: Number(event.target.value) });
            }}
            disabled={disabled}
            fullWidth
          >
            {durationOptionsWith(state.duration).map((option) => (
              <MenuItem key={option.minutes} value={option.minutes}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {!isAppointment && (
        <FormControlLabel
          label="All day"
          control={
            <Checkbox
              checked={state.allDay}
              disabled={disabled || state.mustBeAllDay}
              onChange={(event) => {
                dispatch({ type: 'allDay', value: event.target.checked });
              }}
            />
          }
        />
      )}
    </Stack>
  );
}
