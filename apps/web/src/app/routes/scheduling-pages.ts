import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { getVisibleCalendarsQueryOptions } from '../../features/calendar/visible-calendars-query';
import { roleLoader } from '../loaders';
import { relative } from './relative-path';

/** The calendar, availability, find an appointment, booking requests and attendance. */
export function schedulingPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: relative(paths.schedule.path),
      loader: () => {
        // The calendar's first call starts with the page's code, not after it (issue 24); if it
        // fails, the page asks again and says so.
        queryClient.query(getVisibleCalendarsQueryOptions()).catch(() => undefined);
        return roleLoader(queryClient, 'calendar')();
      },
      lazy: async () => ({
        Component: (await import('../../features/calendar/calendar-page')).CalendarPage,
      }),
    },
    {
      path: relative(paths.schedule.externalAgent.path),
      lazy: async () => ({
        Component: (await import('../../features/agents/agent-calendar-page')).AgentCalendarPage,
      }),
    },
    {
      path: relative(paths.telehealth.path),
      loader: roleLoader(queryClient, 'calendar'),
      lazy: async () => ({
        Component: (await import('../../features/calendar/telehealth/telehealth-lobby-page'))
          .TelehealthLobbyPage,
      }),
    },
    // Availability (issue 6).
    {
      path: relative(paths.availability.path),
      loader: roleLoader(queryClient, 'availability'),
      lazy: async () => ({
        Component: (await import('../../features/availability/availability-page')).AvailabilityPage,
      }),
    },
    {
      path: relative(paths.availability.findAppointment.path),
      loader: roleLoader(queryClient, 'scheduling'),
      lazy: async () => ({
        Component: (await import('../../features/calendar/find-appointment/find-appointment-page'))
          .FindAppointmentPage,
      }),
    },
    {
      path: relative(paths.bookingRequests.path),
      loader: roleLoader(queryClient, 'scheduling'),
      lazy: async () => ({
        Component: (await import('../../features/booking/booking-requests-page'))
          .BookingRequestsPage,
      }),
    },
    {
      path: relative(paths.attendanceToRecord.path),
      loader: roleLoader(queryClient, 'scheduling'),
      lazy: async () => ({
        Component: (await import('../../features/calendar/attendance/attendance-to-record-page'))
          .AttendanceToRecordPage,
      }),
    },
    {
      path: relative(paths.selfSchedule.path),
      loader: roleLoader(queryClient, 'patient'),
      lazy: async () => ({
        Component: (await import('../../features/booking/self-schedule-page')).SelfSchedulePage,
      }),
    },
  ];
}
