import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { availabilityKeys } from './keys';
import type { ResponseOf } from '@openpractice/contracts';
import type {
  currentSpan,
  editorContext,
  getSpanById,
  spanning,
} from '@openpractice/contracts/availability/editor';
import type { listExceptions } from '@openpractice/contracts/availability/exceptions';
import type {
  getDefaultPracticeLocation,
  getTelehealthCapabilityForTherapist,
} from '@openpractice/contracts/availability/lookups';
import type { listPracticeLocations } from '@openpractice/contracts/practice';

const paths = apiPaths.availability;

export function getEditorContextQueryOptions() {
  return queryOptions({
    queryKey: availabilityKeys.context(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof editorContext>>(paths.editorContext, { signal }),
    select: (response) => response.data,
  });
}

export function useEditorContext() {
  return useQuery(getEditorContextQueryOptions());
}

/** `GET span`: the span containing today, with its days. */
export function useCurrentSpan(therapistId: number | null) {
  return useQuery({
    queryKey: availabilityKeys.current(therapistId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof currentSpan>>(paths.currentSpan, {
        query: { therapistId },
        signal,
      }),
    select: (response) => response.data,
    enabled: therapistId !== null,
  });
}

/** `GET spanning`: every span of the therapist, oldest first. */
export function useSpanning(therapistId: number | null) {
  return useQuery({
    queryKey: availabilityKeys.spans(therapistId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof spanning>>(paths.spanning, { query: { therapistId }, signal }),
    select: (response) => response.data,
    enabled: therapistId !== null,
  });
}

/** `GET getSpanById`: one span with its days. */
export function getSpanByIdQueryOptions(therapistId: number, spanId: number) {
  return queryOptions({
    queryKey: availabilityKeys.span(therapistId, spanId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSpanById>>(paths.spanById, {
        query: { span_id: spanId },
        signal,
      }),
  });
}

/** The span the editor shows (none while `spanId` is null). */
export function useSpanById(therapistId: number, spanId: number | null) {
  return useQuery({
    ...getSpanByIdQueryOptions(therapistId, spanId ?? 0),
    select: (response) => response.data,
    enabled: spanId !== null,
  });
}

export function useExceptions(therapistId: number | null) {
  return useQuery({
    queryKey: availabilityKeys.exceptions(therapistId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listExceptions>>(paths.listExceptions, {
        query: { therapistId },
        signal,
      }),
    select: (response) => response.data.exceptions,
    enabled: therapistId !== null,
  });
}

export function useTelehealthCapability(therapistId: number | null) {
  return useQuery({
    queryKey: availabilityKeys.telehealth(therapistId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getTelehealthCapabilityForTherapist>>(paths.telehealthCapability, {
        query: { therapistId },
        signal,
      }),
    select: (response) => response.data.hasTelehealth,
    enabled: therapistId !== null,
  });
}

/** The practice's active locations, to choose a day's location from. */
export function usePracticeLocations() {
  return useQuery({
    queryKey: availabilityKeys.locations(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPracticeLocations>>(paths.practiceLocations, { signal }),
    select: (response) => response.data.filter((l) => l.active),
    staleTime: 5 * 60_000,
  });
}

/** The default location (or the one named main); 404 when the practice has neither. */
export function useDefaultLocation() {
  return useQuery({
    queryKey: availabilityKeys.defaultLocation(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getDefaultPracticeLocation>>(paths.defaultLocation, { signal }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}
