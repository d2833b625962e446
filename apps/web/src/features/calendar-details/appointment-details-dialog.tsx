import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ATTENDANCE_TOASTS,
  CALENDAR_COLOURS,
  attendanceResetMessage,
  attendanceSavedMessage,
  checkInMessage,
} from '@openpractice/domain';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../ui/snackbar/use-notify';
import { SeriesScopeDialog, type SeriesScopeRequest } from '../calendar-series/series-scope-dialog';
import {
  useAppointmentDetails,
  useCancelEvent,
  useGroupAttendeeProducts,
  useResetAttendance,
  useSaveAttendance,
  useToggleCheckIn,
  useUpdateAppointment,
  type AppointmentAttendee,
  type AppointmentDetails,
  type GroupAttendeeProducts,
  type ProductChoice,
} from './api';
import { AttendeeRow } from './attendee-row';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { DetailsList } from './details-list';
import {
  attendanceProductChoices,
  cancelledLine,
  formatEventWhen,
  whereLabel,
  type Scope,
} from './details-logic';
import { EditAppointmentDialog, type AppointmentChanges } from './edit-appointment-dialog';
import { reloadPage } from './reload-page';
import { TelehealthJoin } from './telehealth-join';

const CHECK_IN_FAILED = 'Sorry, there was an error changing the check-in. Please try again';

type Step =
  | { kind: 'details' }
  | { kind: 'scope'; action: 'cancel' | 'edit' }
  | { kind: 'cancel'; scope: Scope }
  | { kind: 'edit'; scope: Scope | null };

/**
 * An appointment: client, time, therapist, where, service, telehealth, and per
 * attendee attendance and check-in; Cancel (with a reason) and Edit, asking
 * first which occurrences of a series they apply to.
 */
export function AppointmentDetailsDialog({
  eventId,
  attendeeId,
  onClose,
  onChanged,
}: {
  eventId: number;
  attendeeId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const details = useAppointmentDetails(eventId, attendeeId ?? 0);
  const save = useSaveAttendance();
  const reset = useResetAttendance();
  const checkIn = useToggleCheckIn();
  const cancel = useCancelEvent();
  const update = useUpdateAppointment();
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const busy =
    save.isPending || reset.isPending || checkIn.isPending || cancel.isPending || update.isPending;

  const appointment = details.data;
  const group = appointment?.group ?? null;
  const groupProducts = useGroupAttendeeProducts(
    group && appointment ? { groupId: group.userId, therapistId: appointment.therapistId } : null,
  );

  // spec-1 §8: a failed load warns with Refresh (reloads the page) and closes the dialog.
  const failed = details.isError;
  useEffect(() => {
    if (!failed) return;
    notify.warning(ATTENDANCE_TOASTS.appointmentDetailsFailed, {
      action: { label: 'Refresh', onClick: reloadPage },
    });
    onClose();
  }, [failed, notify, onClose]);

  const productsFailed = groupProducts.isError;
  useEffect(() => {
    if (productsFailed) notify.error(ATTENDANCE_TOASTS.productsFailed);
  }, [productsFailed, notify]);

  const onSave = (
    attendee: AppointmentAttendee,
    input: { attended: boolean; noShow: boolean; productId: number | null },
  ) => {
    save.mutate(
      { attendeeId: attendee.calendarEventAttendeeId, ...input },
      {
        onSuccess: () => {
          notify.success(attendanceSavedMessage(attendee.fullName, input.attended));
          onChanged();
        },
        onError: () => {
          notify.error(ATTENDANCE_TOASTS.saveFailed);
        },
      },
    );
  };

  const onReset = (attendee: AppointmentAttendee) => {
    reset.mutate(attendee.calendarEventAttendeeId, {
      onSuccess: (answer) => {
        if (answer.status === 'saved') {
          notify.success(attendanceResetMessage(attendee.fullName));
          onChanged();
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
        onError: () => {
          notify.error(CHECK_IN_FAILED);
        },
      },
    );
  };

  const startAction = (action: 'cancel' | 'edit') => {
    if (appointment && appointment.series_id !== null) setStep({ kind: 'scope', action });
    else
      setStep(
        action === 'cancel' ? { kind: 'cancel', scope: 'this' } : { kind: 'edit', scope: null },
      );
  };

  const onCancel = (scope: Scope, reason: string) => {
    cancel.mutate(
      { id: eventId, reason, scope },
      {
        onSuccess: (answer) => {
          notify.success(answer.message ?? 'Calendar item cancelled.');
          setStep({ kind: 'details' });
          onChanged();
        },
        onError: (error) => {
          notify.error(errorMessage(error));
        },
      },
    );
  };

  const onEdit = (scope: Scope | null, changes: AppointmentChanges) => {
    update.mutate(
      { calendar_event_id: eventId, scope: scope ?? 'this', ...changes },
      {
        onSuccess: () => {
          notify.success('Appointment updated.');
          setStep({ kind: 'details' });
          onChanged();
        },
        onError: (error) => {
          notify.error(errorMessage(error));
        },
      },
    );
  };

  const scopeRequest: SeriesScopeRequest | null =
    step.kind === 'scope' ? { eventId, action: step.action } : null;

  return (
    <>
      <Dialog
        // Stays open under the scope, cancel and edit dialogs: reopening it would hide
        // (aria-hidden) the toast that the change just showed.
        open
        fullWidth
        maxWidth="md"
        aria-labelledby={titleId}
        onClose={() => {
          if (!busy) onClose();
        }}
      >
        <DialogTitle id={titleId}>
          {appointment ? `Appointment with ${appointment.clientName}` : 'Appointment details'}
        </DialogTitle>
        <DialogContent>
          {!appointment ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label="Loading appointment details" />
            </Box>
          ) : (
            <AppointmentBody
              appointment={appointment}
              busy={busy}
              groupProducts={groupProducts.data ?? null}
              onSave={onSave}
              onReset={onReset}
              onToggleCheckIn={onToggleCheckIn}
            />
          )}
        </DialogContent>
        <DialogActions>
          {appointment?.canChange && !appointment.isCancelled && (
            <>
              <Button
                color="error"
                disabled={busy}
                onClick={() => {
                  startAction('cancel');
                }}
              >
                Cancel appointment
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  startAction('edit');
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

      <SeriesScopeDialog
        request={scopeRequest}
        onChoose={(scope) => {
          if (step.kind !== 'scope') return;
          setStep(step.action === 'cancel' ? { kind: 'cancel', scope } : { kind: 'edit', scope });
        }}
        onClose={() => {
          setStep({ kind: 'details' });
        }}
      />
      {step.kind === 'cancel' && (
        <CancelAppointmentDialog
          scope={step.scope}
          busy={busy}
          onConfirm={(reason) => {
            onCancel(step.scope, reason);
          }}
          onClose={() => {
            setStep({ kind: 'details' });
          }}
        />
      )}
      {step.kind === 'edit' && appointment && (
        <EditAppointmentDialog
          details={appointment}
          scope={step.scope}
          busy={busy}
          onSave={(changes) => {
            onEdit(step.scope, changes);
          }}
          onClose={() => {
            setStep({ kind: 'details' });
          }}
        />
      )}
    </>
  );
}

function AppointmentBody({
  appointment,
  busy,
  groupProducts,
  onSave,
  onReset,
  onToggleCheckIn,
}: {
  appointment: AppointmentDetails;
  busy: boolean;
  groupProducts: GroupAttendeeProducts | null;
  onSave: (
    attendee: AppointmentAttendee,
    input: { attended: boolean; noShow: boolean; productId: number | null },
  ) => void;
  onReset: (attendee: AppointmentAttendee) => void;
  onToggleCheckIn: (attendee: AppointmentAttendee) => void;
}) {
  const timeZone = appointment.timezone;
  const canChange = appointment.canChange && !appointment.isCancelled;
  const members = appointment.attendees.filter((a) => !a.isGroup);
  const practiceProducts: ProductChoice[] = appointment.productOptions;
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
      <Box>
        <Typography component="h3" variant="h6">
          Attendance
        </Typography>
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
    </Stack>
  );
}
