import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ATTENDANCE_TIMING_MESSAGES,
  CALENDAR_COLOURS,
  checkInOpensText,
} from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type {
  AppointmentAttendee,
  AppointmentDetails,
  GroupAttendeeProducts,
  ProductChoice,
} from './api';
import { AttendeeRow } from './attendee-row';
import { DetailsList } from './details-list';
import {
  attendanceProductChoices,
  cancelledLine,
  formatEventWhen,
  whereLabel,
} from './details-logic';
import { TelehealthJoin } from './telehealth-join';
import type { AttendanceInput } from './use-attendance-actions';
import { useAttendanceTiming } from './use-attendance-timing';

interface AttendanceHandlers {
  busy: boolean;
  groupProducts: GroupAttendeeProducts | null;
  onSave: (attendee: AppointmentAttendee, input: AttendanceInput) => void;
  onReset: (attendee: AppointmentAttendee) => void;
  onToggleCheckIn: (attendee: AppointmentAttendee) => void;
}

/** The appointment's facts, its telehealth link and the attendance of each member. */
export function AppointmentBody({
  appointment,
  ...handlers
}: AttendanceHandlers & { appointment: AppointmentDetails }) {
  const timeZone = appointment.timezone;
  const service = appointment.product
    ? `${appointment.product.sku} ${appointment.product.name}`
    : 'None';

  return (
    <Stack spacing={2.5}>
      {appointment.isCancelled && (
        <Box data-cancelled-marker sx={{ borderLeft: 6, borderColor: CALENDAR_COLOURS.cancelled }}>
          <Alert severity="error" icon={false}>
            {cancelledLine(appointment, timeZone)}
          </Alert>
        </Box>
      )}
      <DetailsList
        rows={[
          [
            appointment.group ? 'Group' : 'Client',
            appointment.clientId === null ? (
              appointment.clientName
            ) : (
              <Link component={RouterLink} to={paths.client.profile.getHref(appointment.clientId)}>
                {appointment.clientName}
              </Link>
            ),
          ],
          [
            'When',
            formatEventWhen(appointment.start, appointment.end, appointment.allDay, timeZone),
          ],
          ['Therapist', appointment.therapistName],
          ['Where', whereLabel(appointment)],
          ['Service', service],
          ...(appointment.series_id !== null
            ? ([['Repeats', 'Part of a weekly series']] as const)
            : []),
        ]}
      />
      {appointment.teletherapy && (
        <TelehealthJoin appointment={appointment} teletherapy={appointment.teletherapy} />
      )}
      {appointment.group?.missingGroupInitials && (
        <Alert severity="warning">
          Some members have no first or last name, so group notes cannot name them by initials.
        </Alert>
      )}
      <AttendanceSection appointment={appointment} {...handlers} />
    </Stack>
  );
}

function AttendanceSection({
  appointment,
  busy,
  groupProducts,
  onSave,
  onReset,
  onToggleCheckIn,
}: AttendanceHandlers & { appointment: AppointmentDetails }) {
  const timeZone = appointment.timezone;
  const canChange = appointment.canChange && !appointment.isCancelled;
  const members = appointment.attendees.filter((a) => !a.isGroup);
  const practiceProducts: ProductChoice[] = appointment.productOptions;
  const timing = useAttendanceTiming(appointment.start, appointment.end);

  return (
    <Box>
      <Typography component="h3" variant="h6">
        Attendance
      </Typography>
      {canChange && members.length > 0 && !timing.canRecordAttendance && (
        <Typography variant="body2" color="text.secondary" data-attendance-waits>
          {ATTENDANCE_TIMING_MESSAGES.notStarted}
          {!timing.canCheckIn && ` ${checkInOpensText(appointment.start, timeZone)}`}
        </Typography>
      )}
      {members.length === 0 ? (
        <Typography variant="body2">No one is booked on this appointment.</Typography>
      ) : (
        members.map((attendee) => {
          const attended = attendanceProductChoices(attendee, {
            group: groupProducts,
            practiceProducts,
            attended: true,
          });
          const notAttended = attendanceProductChoices(attendee, {
            group: groupProducts,
            practiceProducts,
            attended: false,
          });
          const choices = [
            ...attended.choices,
            ...notAttended.choices.filter(
              (c) => !attended.choices.some((a) => a.productId === c.productId),
            ),
          ];
          const inList = (list: ProductChoice[], id: number | null) =>
            id !== null && list.some((c) => c.productId === id);
          return (
            <AttendeeRow
              key={`${attendee.calendarEventAttendeeId}-${attendee.attendanceUnknown ? 'u' : 'r'}-${attended.initial ?? ''}`}
              attendee={attendee}
              timeZone={timeZone}
              canChange={canChange}
              timing={timing}
              busy={busy}
              products={{ choices, initial: attended.initial }}
              onSave={(input) => {
                const list = input.attended ? attended.choices : notAttended.choices;
                onSave(attendee, {
                  ...input,
                  productId: inList(list, input.productId) ? input.productId : null,
                });
              }}
              onReset={() => {
                onReset(attendee);
              }}
              onToggleCheckIn={() => {
                onToggleCheckIn(attendee);
              }}
            />
          );
        })
      )}
    </Box>
  );
}
