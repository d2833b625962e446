import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ResponseOf } from '@openpractice/contracts';
import type { listUnrecordedAttendance } from '@openpractice/contracts/calendar/attendance';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { attendanceToRecordKey } from './keys';

export type AttendanceToRecord = ResponseOf<typeof listUnrecordedAttendance>;
export type UnrecordedAppointment = AttendanceToRecord['data'][number];

export interface AttendanceToRecordQuery {
  /** A therapist, 'all' of them, or undefined for the server's default (the caller's own when a therapist). */
  therapistId: number | 'all' | undefined;
  limit: number;
  offset: number;
}

export function getAttendanceToRecordQueryOptions(request: AttendanceToRecordQuery) {
  return queryOptions({
    queryKey: [...attendanceToRecordKey, request] as const,
    queryFn: ({ signal }) =>
      api.get<AttendanceToRecord>(apiPaths.calendar.unrecordedAttendance, {
        query: {
          ...(request.therapistId === undefined ? {} : { therapistId: request.therapistId }),
          limit: request.limit,
          offset: request.offset,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceToRecord(request: AttendanceToRecordQuery) {
  return useQuery(getAttendanceToRecordQueryOptions(request));
}
