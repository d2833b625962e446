import {
  ATTENDANCE_TOASTS,
  attendanceResetMessage,
  attendanceSavedMessage,
  checkInMessage,
} from '@openpractice/domain';

import { useQueryClient } from '@tanstack/react-query';

import { withServerReason, type Failure } from '../../../lib/api-errors';
import { refreshNavigationCounts } from '../../../lib/navigation-query';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { attendanceToRecordKey } from '../attendance/keys';
import {
  useResetAttendance,
  useSaveAttendance,
  useToggleCheckIn,
  type AppointmentAttendee,
} from './api';

const CHECK_IN_FAILED = 'Sorry, there was an error changing the check-in. Please try again';
/** Refusals a person can act on: the server's reason follows the spec's text ('… once the session has started.'). */
const SAYS_WHY: readonly Failure[] = ['invalid', 'conflict', 'forbidden'];

export interface AttendanceInput {
  attended: boolean;
  noShow: boolean;
  productId: number | null;
}

/** Per attendee attendance (save, reset) and check-in of one appointment, each with its toast. */
export function useAttendanceActions(eventId: number, onChanged: () => void) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const save = useSaveAttendance();
  const reset = useResetAttendance();
  const checkIn = useToggleCheckIn();

  /** Attendance moved: the list of sessions to record and the menu's count follow. */
  const attendanceMoved = () => {
    void queryClient.invalidateQueries({ queryKey: attendanceToRecordKey });
    void refreshNavigationCounts(queryClient);
    onChanged();
  };

  const onSave = (attendee: AppointmentAttendee, input: AttendanceInput) => {
    save.mutate(
      { attendeeId: attendee.calendarEventAttendeeId, ...input },
      {
        onSuccess: () => {
          notify.success(attendanceSavedMessage(attendee.fullName, input.attended));
          attendanceMoved();
        },
        onError: (error) => {
          notify.error(withServerReason(ATTENDANCE_TOASTS.saveFailed, error, SAYS_WHY));
        },
      },
    );
  };

  const onReset = (attendee: AppointmentAttendee) => {
    reset.mutate(attendee.calendarEventAttendeeId, {
      onSuccess: (answer) => {
        if (answer.status === 'saved') {
          notify.success(attendanceResetMessage(attendee.fullName));
          attendanceMoved();
        } else {
          notify.warning(answer.message, { duration: 'long' });
        }
      },
      onError: () => {
        notify.error(ATTENDANCE_TOASTS.resetFailed);
      },
    });
  };

  const onToggleCheckIn = (attendee: AppointmentAttendee) => {
    checkIn.mutate(
      { calendarEventId: eventId, patientId: attendee.patientId },
      {
        onSuccess: (answer) => {
          notify.success(checkInMessage(attendee.fullName, answer.data.checkedInTime !== null));
          onChanged();
        },
        onError: (error) => {
          notify.error(withServerReason(CHECK_IN_FAILED, error, SAYS_WHY));
        },
      },
    );
  };

  return {
    busy: save.isPending || reset.isPending || checkIn.isPending,
    onSave,
    onReset,
    onToggleCheckIn,
  };
}
