import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ATTENDANCE_TOASTS, CALENDAR_COLOURS } from '@openpractice/domain';
import { useEffect, useId, useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useDeleteMeeting, useMeetingDetails, type MeetingDetails } from './api';
import { DetailsList } from './details-list';
import { formatEventWhen } from './details-logic';
import { EditMeetingDialog } from './edit-meeting-dialog';
import { reloadPage } from './reload-page';
import { useMeetingUpdate } from './use-meeting-update';

const TYPE_LABELS: Record<MeetingDetails['type'], string> = {
  meeting: 'Meeting',
  out_of_office: 'Out of office',
  holiday: 'Holiday',
};

/** A meeting, out-of-office block or holiday: what and when, with Edit and Delete. */
export function MeetingDetailsDialog({
  eventId,
  onClose,
  onChanged,
}: {
  eventId: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const details = useMeetingDetails(eventId);
  const [editing, setEditing] = useState(false);
  const update = useMeetingUpdate(() => {
    setEditing(false);
    onChanged();
  });

  // spec-1 §8: a failed load warns with Refresh (reloads the page) and closes the dialog.
  const failed = details.isError;
  useEffect(() => {
    if (!failed) return;
    notify.warning(ATTENDANCE_TOASTS.meetingDetailsFailed, {
      action: { label: 'Refresh', onClick: reloadPage },
    });
    onClose();
  }, [failed, notify, onClose]);

  const meeting = details.data;
  const timeZone = meeting?.timezone ?? 'America/New_York';

  const onDelete = useMeetingDelete(meeting, timeZone, () => {
    onChanged();
    onClose();
  });
  const busy = update.busy || onDelete.pending;

  return (
    <>
      <Dialog
        // Stays open under the edit dialog: reopening it would hide the toast of the save.
        open
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
        onClose={() => {
          if (!busy) onClose();
        }}
      >
        <DialogTitle id={titleId}>{meeting ? meeting.name : 'Meeting details'}</DialogTitle>
        <DialogContent>
          {!meeting ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label="Loading meeting details" />
            </Box>
          ) : (
            <MeetingSummary meeting={meeting} timeZone={timeZone} />
          )}
        </DialogContent>
        <DialogActions>
          {meeting?.editable && (
            <>
              <Button color="error" disabled={busy} onClick={() => void onDelete.run()}>
                Delete
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  setEditing(true);
                }}
              >
                Edit
              </Button>
            </>
          )}
          <Button onClick={onClose} disabled={busy}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      {editing && meeting && (
        <EditMeetingDialog
          meeting={meeting}
          timeZone={timeZone}
          busy={busy}
          onClose={() => {
            setEditing(false);
          }}
          onSave={update.save}
        />
      )}
    </>
  );
}

/** What and when: the type, the time on the practice's clocks and whose calendar it is on. */
function MeetingSummary({ meeting, timeZone }: { meeting: MeetingDetails; timeZone: string }) {
  return (
    <>
      {meeting.cancelled && (
        <Box
          data-cancelled-marker
          sx={{ borderLeft: 6, borderColor: CALENDAR_COLOURS.cancelled, mb: 2 }}
        >
          <Alert severity="error" icon={false}>
            Cancelled
          </Alert>
        </Box>
      )}
      <DetailsList
        rows={[
          ['Type', TYPE_LABELS[meeting.type]],
          ['When', formatEventWhen(meeting.start, meeting.end, meeting.allDay, timeZone)],
          ['Therapist', meeting.therapistName],
        ]}
      />
    </>
  );
}

/** Delete, after the user confirms what goes (its name and time), with the outcome as a toast. */
function useMeetingDelete(
  meeting: MeetingDetails | undefined,
  timeZone: string,
  onDeleted: () => void,
) {
  const notify = useNotify();
  const confirm = useConfirm();
  const remove = useDeleteMeeting();
  const run = async () => {
    if (!meeting) return;
    const when = formatEventWhen(meeting.start, meeting.end, meeting.allDay, timeZone);
    const confirmed = await confirm({
      title: `Delete this ${meeting.type === 'out_of_office' ? 'out-of-office block' : 'meeting'}?`,
      message: `“${meeting.name}” (${when}) will be removed from the calendar.`,
      confirmText: 'Delete',
      color: 'error',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(meeting.calendar_event_id);
      notify.success('Meeting deleted.');
      onDeleted();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return { run, pending: remove.isPending };
}
