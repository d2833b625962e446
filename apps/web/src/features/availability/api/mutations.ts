import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { availabilityKeys } from './keys';
import type { ResponseOf } from '@openpractice/contracts';
import type {
  addSpan,
  createDay,
  deleteDay,
  removeSpan,
  startOver,
  updateDay,
  updateEmptySpanWithDays,
  updateSpan,
} from '@openpractice/contracts/availability/editor';
import type {
  addException,
  deleteException,
} from '@openpractice/contracts/availability/exceptions';
import type { DayFields, NewException, Span } from './types';

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

export type SpanDates = Pick<Span, 'span_from' | 'span_to'>;

export function useAddSpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (dates: SpanDates) =>
      (await api.post<ResponseOf<typeof addSpan>>(paths.addSpan, { therapistId, ...dates })).data,
  );
}

export function useUpdateSpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: SpanDates & { span_id: number }) =>
      (await api.post<ResponseOf<typeof updateSpan>>(paths.updateSpan, input)).data,
  );
}

/** Answers the span to load next (spec-2 §4: deleting a span loads its replacement). */
export function useRemoveSpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (spanId: number) =>
      (await api.post<ResponseOf<typeof removeSpan>>(paths.removeSpan, { span_id: spanId })).data,
  );
}

export function useStartOver(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async () =>
      (await api.delete<ResponseOf<typeof startOver>>(paths.startOver, { query: { therapistId } }))
        .data,
  );
}

/** Without a span id the server first creates an open-ended span (the therapist has none). */
export function useCreateDay(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { day: DayFields; spanId: number | null }) =>
      (
        await api.post<ResponseOf<typeof createDay>>(paths.createDay, {
          therapistId,
          availabilitySpanId: input.spanId,
          ...input.day,
        })
      ).data,
  );
}

export function useUpdateDay(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { dayId: number; day: DayFields; confirmCollisions?: boolean }) =>
      (
        await api.put<ResponseOf<typeof updateDay>>(paths.updateDay, {
          day_id: input.dayId,
          ...input.day,
          ...(input.confirmCollisions ? { confirmCollisions: true } : {}),
        })
      ).data,
  );
}

/** `confirmCollisions`: delete though booked appointments fall in the hours (after the warning). */
export function useDeleteDay(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { dayId: number; confirmCollisions?: boolean }) =>
      api.delete<ResponseOf<typeof deleteDay>>(paths.deleteDay, {
        query: {
          day_id: input.dayId,
          ...(input.confirmCollisions ? { confirmCollisions: 'true' } : {}),
        },
      }),
  );
}

export function useFillEmptySpan(therapistId: number) {
  return useTherapistMutation(
    therapistId,
    async (input: { spanId: number; days: DayFields[] }) =>
      (
        await api.put<ResponseOf<typeof updateEmptySpanWithDays>>(paths.updateEmptySpanWithDays, {
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
        await api.post<ResponseOf<typeof addException>>(paths.addException, {
          therapistId,
          ...input,
        })
      ).data,
  );
}

export function useDeleteException(therapistId: number) {
  return useTherapistMutation(therapistId, async (exceptionId: number) =>
    api.delete<ResponseOf<typeof deleteException>>(paths.deleteException, {
      query: { exception_id: exceptionId },
    }),
  );
}
