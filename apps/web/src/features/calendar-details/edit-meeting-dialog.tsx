import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { instantOfZonedDateTime, zonedDateTimeValue, zonedIsoDate } from '@openpractice/domain';
import { useId, useState } from 'react';

import type { MeetingDetails, UpdateMeetingInput } from './api';
import { durationChoices, minutesBetween } from './details-logic';

/** Name, time and all day of a meeting or out-of-office block, on the practice's clocks. */
export function EditMeetingDialog({
  meeting,
  timeZone,
  busy,
  onSave,
  onClose,
}: {
  meeting: MeetingDetails;
  timeZone: string;
  busy: boolean;
  onSave: (input: UpdateMeetingInput) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(meeting.name);
  const [allDay, setAllDay] = useState(meeting.allDay);
  const [start, setStart] = useState(zonedDateTimeValue(meeting.start, timeZone));
  const [day, setDay] = useState(zonedIsoDate(meeting.start, timeZone));
  const initialMinutes = meeting.allDay ? 60 : minutesBetween(meeting.start, meeting.end);
  const [duration, setDuration] = useState(initialMinutes);
  const [submitted, setSubmitted] = useState(false);

  const startInstant = instantOfZonedDateTime(start, timeZone);
  const dayValid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const startError =
    submitted && !allDay && startInstant === null ? 'Enter a date and time.' : null;
  const dayError = submitted && allDay && !dayValid ? 'Enter a date.' : null;

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
          setSubmitted(true);
          const startDateTime = allDay ? (dayValid ? day : null) : startInstant;
          if (startDateTime === null) return;
          onSave({
            calendar_event_id: meeting.calendar_event_id,
            eventName: name.trim(),
            startDateTime,
            duration,
            allDay,
          });
        }}
      >
        <DialogTitle id={titleId}>
          {meeting.type === 'out_of_office' ? 'Edit out of office' : 'Edit meeting'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => {
                setName(event.target.value.slice(0, 200));
              }}
              helperText="Left blank, the default name is used."
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={allDay}
                  onChange={(event) => {
                    setAllDay(event.target.checked);
                  }}
                />
              }
              label="All day"
            />
            {allDay ? (
              <TextField
                type="date"
                label="Date"
                value={day}
                onChange={(event) => {
                  setDay(event.target.value);
                }}
                error={dayError !== null}
                helperText={dayError ?? ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : (
              <>
                <TextField
                  type="datetime-local"
                  label="Starts"
                  value={start}
                  onChange={(event) => {
                    setStart(event.target.value);
                  }}
                  error={startError !== null}
                  helperText={startError ?? ' '}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  select
                  label="Duration"
                  value={String(duration)}
                  onChange={(event) => {
                    setDuration(Number(event.target.value));
                  }}
                >
                  {durationChoices(initialMinutes).map((option) => (
                    <MenuItem key={option.minutes} value={String(option.minutes)}>
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
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
