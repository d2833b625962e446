import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_DUE_DAYS } from '@openpractice/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { refreshNavigationCounts } from '../../../lib/navigation-query';
import { OnceOpened } from '../../../ui/on-first-use';
import { PageSpinner } from '../../../ui/page-spinner';
import type { DetailsTarget } from '../details/event-details-dialog';
import { useAttendanceToRecord, type AttendanceToRecord } from './api';
import { attendanceToRecordKey } from './keys';
import { UnrecordedList } from './unrecorded-list';

export const ATTENDANCE_LOAD_FAILED = 'We could not load the sessions to record.';
export const ALL_RECORDED = 'All attendance is recorded.';
const PAGE_SIZES = [25, 50, 100];

// The calendar's details dialog, loaded when first opened. Imported here rather than through
// the calendar's lazy-dialogs, so the two pages share no module the calendar loads up front
// (a shared one becomes a chunk of its own and costs the calendar's budget).
const EventDetailsDialog = lazy(async () => ({
  default: (await import('../details/event-details-dialog')).EventDetailsDialog,
}));

/**
 * `/schedule/attendance` (issue 15 item 2): past sessions of the last 30 days
 * whose attendance is still not recorded, the most recent first. Each opens
 * the appointment's details, where attendance is marked; a marked session
 * leaves the list (and the menu's count). A therapist sees their own;
 * schedulers and managers choose a therapist or see all.
 */
export function AttendanceToRecordPage() {
  const queryClient = useQueryClient();
  const [therapistId, setTherapistId] = useState<number | 'all' | undefined>(undefined);
  const [rowsPerPage, setRowsPerPage] = useState(PAGE_SIZES[0] ?? 25);
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<DetailsTarget | null>(null);
  const list = useAttendanceToRecord({
    therapistId,
    limit: rowsPerPage,
    offset: page * rowsPerPage,
  });
  const data = list.data;
  // The last rows of a later page were recorded: show the last page there still is.
  if (data && data.data.length === 0 && page > 0 && !list.isPlaceholderData) {
    setPage(Math.max(0, Math.ceil(data.total / rowsPerPage) - 1));
  }

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: attendanceToRecordKey });
    void refreshNavigationCounts(queryClient);
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Attendance to record
      </Typography>
      <Typography color="text.secondary">
        Sessions of the last {ATTENDANCE_DUE_DAYS} days that have ended without attendance. Open one
        to mark who attended.
      </Typography>
      {data && data.therapists.length > 1 && (
        <TherapistChoice
          data={data}
          onChange={(next) => {
            setTherapistId(next);
            setPage(0);
          }}
        />
      )}
      {list.isPending && <PageSpinner label="Loading sessions to record" />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          {ATTENDANCE_LOAD_FAILED} {errorMessage(list.error)}
        </Alert>
      )}
      {data && data.total === 0 && <Alert severity="success">{ALL_RECORDED}</Alert>}
      {data && data.total > 0 && (
        <UnrecordedList
          rows={data.data}
          timezone={data.timezone}
          showTherapist={data.therapistId === null}
          pagination={{
            count: data.total,
            page,
            rowsPerPage,
            rowsPerPageOptions: PAGE_SIZES,
            onPageChange: setPage,
            onRowsPerPageChange: (size) => {
              setRowsPerPage(size);
              setPage(0);
            },
          }}
          onOpen={(row) => {
            setTarget({ eventId: row.calendarEventId, attendeeId: null, kind: 'appointment' });
          }}
        />
      )}
      <OnceOpened open={target !== null}>
        <EventDetailsDialog
          target={target}
          onClose={() => {
            setTarget(null);
            refresh();
          }}
          onChanged={refresh}
        />
      </OnceOpened>
    </Stack>
  );
}

/** Whose sessions: one therapist's, or every therapist's the user may see. */
function TherapistChoice({
  data,
  onChange,
}: {
  data: AttendanceToRecord;
  onChange: (therapistId: number | 'all') => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Therapist"
      value={data.therapistId === null ? 'all' : String(data.therapistId)}
      onChange={(event) => {
        const value = event.target.value;
        onChange(value === 'all' ? 'all' : Number(value));
      }}
      sx={{ alignSelf: 'flex-start', minWidth: 240, maxWidth: '100%' }}
    >
      <MenuItem value="all">All therapists</MenuItem>
      {data.therapists.map((therapist) => (
        <MenuItem key={therapist.id} value={String(therapist.id)}>
          {therapist.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
