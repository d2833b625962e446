import { ATTENDANCE_TOASTS } from '@openpractice/domain';
import { useEffect } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { useAppointmentDetails, useGroupAttendeeProducts } from './api';
import { reloadPage } from './reload-page';

/**
 * Loads an appointment and, for a group, its members' products. spec-1 §8: a failed load
 * warns with Refresh (reloads the page) and closes the dialog.
 */
export function useAppointmentLoad(
  eventId: number,
  attendeeId: number | null,
  onClose: () => void,
) {
  const notify = useNotify();
  const details = useAppointmentDetails(eventId, attendeeId ?? 0);
  const appointment = details.data;
  const group = appointment?.group ?? null;
  const groupProducts = useGroupAttendeeProducts(
    group && appointment ? { groupId: group.userId, therapistId: appointment.therapistId } : null,
  );

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

  return { appointment, groupProducts: groupProducts.data ?? null };
}
