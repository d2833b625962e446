import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

import type { MeetingDetails, UpdateMeetingInput } from './api';
import { minutesBetween } from './details-logic';
import {
  canSaveMove,
  editedSlot,
  initialWhen,
  moveConflictsRequest,
  movesItem,
  type WhenEdit,
} from './reschedule-logic';
import { MoveFields } from './move-fields';
import { useMoveConflicts } from './use-move-conflicts';

/** Saves the meeting; `onRefused` hears a taken time (409) so the dialog can offer double booking. */
export type SaveMeeting = (
  input: UpdateMeetingInput,
  moves: boolean,
  onRefused: (message: string) => void,
) => void;

/** The edited meeting and what follows: whether it moves, its conflicts, the call it makes. */
function useMeetingEdit(meeting: MeetingDetails, timeZone: string, busy: boolean) {
  const [name, setName] = useState(meeting.name);
  const [when, setWhenState] = useState<WhenEdit>(() => initialWhen(meeting, timeZone));
  const [allowDoubleBooking, setAllowDoubleBooking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const setWhen = (patch: Partial<WhenEdit>) => {
    setWhenState((previous) => ({ ...previous, ...patch }));
    setRefusal(null);
  };
  const moves = movesItem(meeting, when, timeZone);
  const conflicts = useMoveConflicts(
    moveConflictsRequest(meeting.calendar_event_id, meeting, when, timeZone),
  );
  const slot = editedSlot(when, timeZone);
  const canSave = canSaveMove({
    readable: slot !== null,
    moves,
    conflictCount: conflicts.conflictCount,
    allowDoubleBooking,
    busy,
  });
  const input = (): UpdateMeetingInput | null =>
    slot && {
      calendar_event_id: meeting.calendar_event_id,
      eventName: name.trim(),
      startDateTime: slot.start,
      duration: when.duration,
      allDay: when.allDay,
      ...(when.therapistId === meeting.therapistId ? {} : { therapistId: when.therapistId }),
      ...(moves ? { allowDoubleBooking } : {}),
    };
  return {
    name,
    setName,
    when,
    setWhen,
    moves,
    conflicts,
    canSave,
    input,
    allowDoubleBooking,
    setAllowDoubleBooking,
    refusal,
    setRefusal,
  };
}

/**
 * Name, therapist, date, time, length and all day of a meeting or out-of-office block, on
 * the practice's clocks (issue 15 item 1). A move counts the conflicts at the new place
 * and, as when booking, saves over them only with double booking allowed.
 */
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
  onSave: SaveMeeting;
  onClose: () => void;
}) {
  const titleId = useId();
  const edit = useMeetingEdit(meeting, timeZone, busy);
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
          const input = edit.input();
          if (edit.canSave && input) onSave(input, edit.moves, edit.setRefusal);
        }}
      >
        <DialogTitle id={titleId}>
          {meeting.type === 'out_of_office' ? 'Edit out of office' : 'Edit meeting'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={edit.name}
              onChange={(event) => {
                edit.setName(event.target.value.slice(0, 200));
              }}
              helperText="Left blank, the default name is used."
            />
            <MoveFields
              when={edit.when}
              onWhen={edit.setWhen}
              therapistName={meeting.therapistName}
              {...(meeting.allDay
                ? {}
                : { originalDuration: minutesBetween(meeting.start, meeting.end) })}
              allDayChoice
              conflicts={edit.conflicts}
              refusal={edit.refusal}
              allowDoubleBooking={edit.allowDoubleBooking}
              onAllowDoubleBooking={edit.setAllowDoubleBooking}
              disabled={busy}
            />
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
