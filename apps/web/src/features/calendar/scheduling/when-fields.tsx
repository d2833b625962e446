import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { defaultMeetingEventName } from '@openpractice/domain';
import type { Dispatch } from 'react';

import { offeredLengths, type FormAction, type SchedulingForm } from './scheduling-form';

export interface WhenInputsProps {
  /** YYYY-MM-DD and HH:mm on the practice's clock. */
  date: string;
  time: string;
  duration: number;
  /** An all-day item has a date only. */
  allDay?: boolean;
  /** The length the item has now, kept on offer when it is not a standard one. */
  originalDuration?: number;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
  onDuration: (value: number) => void;
  disabled: boolean;
  /** Why the date or time cannot be read, shown under the field. */
  dateError?: string | null;
  timeError?: string | null;
}

/**
 * Date, start time and length (15 to 105 minutes, labelled 'N minutes'), as
 * native fields so a keyboard or a phone's own pickers can set them. The
 * scheduling dialog and the edit dialogs share them.
 */
export function WhenInputs({
  date,
  time,
  duration,
  allDay = false,
  originalDuration,
  onDate,
  onTime,
  onDuration,
  disabled,
  dateError = null,
  timeError = null,
}: WhenInputsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Date"
        type="date"
        value={date}
        onChange={(event) => {
          onDate(event.target.value);
        }}
        disabled={disabled}
        required
        fullWidth
        error={dateError !== null}
        {...(dateError === null ? {} : { helperText: dateError })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {!allDay && (
        <TextField
          label="Start time"
          type="time"
          value={time}
          onChange={(event) => {
            onTime(event.target.value);
          }}
          disabled={disabled}
          required
          fullWidth
          error={timeError !== null}
          {...(timeError === null ? {} : { helperText: timeError })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
        />
      )}
      {!allDay && (
        <TextField
          select
          label="Duration"
          value={duration}
          onChange={(event) => {
            onDuration(Number(event.target.value));
          }}
          disabled={disabled}
          fullWidth
        >
          {offeredLengths(duration, originalDuration).map((option) => (
            <MenuItem key={option.minutes} value={option.minutes}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

/**
 * When: date, start time and length; for meetings and out of office also the
 * name and all day.
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
      <WhenInputs
        date={state.date}
        time={state.time}
        duration={state.duration}
        allDay={state.allDay}
        onDate={(value) => {
          dispatch({ type: 'date', value });
        }}
        onTime={(value) => {
          dispatch({ type: 'time', value });
        }}
        onDuration={(value) => {
          dispatch({ type: 'duration', value });
        }}
        disabled={disabled}
      />
      {!isAppointment && (
        <AllDayField
          checked={state.allDay}
          disabled={disabled || state.mustBeAllDay}
          onChange={(value) => {
            dispatch({ type: 'allDay', value });
          }}
        />
      )}
    </Stack>
  );
}

export function AllDayField({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <FormControlLabel
      label="All day"
      control={
        <Checkbox
          checked={checked}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
      }
    />
  );
}
