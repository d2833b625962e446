import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { availabilityKeys } from './keys';
import type {
  AvailabilityException,
  Day,
  DayFields,
  NewException,
  Span,
  SpanWithDays,
} from './types';

const paths = apiPaths.availability;

/** Each change refreshes everything the editor shows for that therapist. */
function useTherapistMutation<TInput, TResult>(
  therapistId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: availabilityKeys.therapist(therapistId) }),
  });
}

export interface SpanDates {
  span_from: string | null;
  span_to: string | null;
}

export function useAddSpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (dates: SpanDates) =>
      (await api.post<{ data: SpanWithDays }>(paths.addSpan, { therapistId, ...dates })).data,
  );
}

export function useUpdateSpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: SpanDates & { span_id: number }) =>
      (await api.post<{ data: SpanWithDays }>(paths.updateSpan, input)).data,
  );
}

/** Answers the span to load next (spec-2 §4: deleting a span loads its replacement). */
export function useRemoveSpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (spanId: number) =>
      (
        await api.post<{ data: { removedSpanId: number; replacement: Span | null } }>(
          paths.removeSpan,
          { span_id: spanId },
        )
      ).data,
  );
}

export function useStartOver(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async () =>
      (
        await api.delete<{ data: { removedSpans: number; removedExceptions: number } }>(
          paths.startOver,
          { query: { therapistId } },
        )
      ).data,
  );
}

/** Without a span id the server first creates an open-ended span (the therapist has none). */
export function useCreateDay(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { day: DayFields; spanId: number | null }) =>
      (
        await api.post<{ data: { day: Day; span: SpanWithDays; createdSpan: boolean } }>(
          paths.createDay,
          { therapistId, availabilitySpanId: input.spanId, ...input.day },
        )
      ).data,
  );
}

export function useUpdateDay(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { dayId: number; day: DayFields }) =>
      (await api.put<{ data: Day }>(paths.updateDay, { day_id: input.dayId, ...input.day })).data,
  );
}

export function useDeleteDay(therapistId: number) {
  return useTherapistMutation(therapistId, async (dayId: number) =>
    api.delete<{ data: { removedDayId: number } }>(paths.deleteDay, { query: { day_id: dayId } }),
  );
}

export function useFillEmptySpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { spanId: number; days: DayFields[] }) =>
      (
        await api.put<{ data: SpanWithDays }>(paths.updateEmptySpanWithDays, {
          span_id: input.spanId,
          days: input.days,
        })
      ).data,
  );
}

export function useAddException(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: Omit<NewException, 'therapistId'>) =>
      (
        await api.post<{ data: AvailabilityException }>(paths.addException, {
          therapistId,
          ...input,
        })
      ).data,
  );
}

export function useDeleteException(therapistId: number) {
  return useTherapistMutation(therapistId, async (exceptionId: number) =>
    api.delete<{ data: { removedExceptionId: number } }>(paths.deleteException, {
      query: { exception_id: exceptionId },
    }),
  );
}
