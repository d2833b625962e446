import type { ResponseOf } from '@openpractice/contracts';
import type { listNoteTemplates, openNote } from '@openpractice/contracts/charting/notes';
import type {
  getSessionNotes,
  startAdditionalNote,
} from '@openpractice/contracts/charting/session-notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';
import { chartingKeys } from './keys';
import { storeNote } from './notes';

const paths = chartingApi.charting;

export type SessionNotes = ResponseOf<typeof getSessionNotes>['data'];
export type TemplateChoice = ResponseOf<typeof listNoteTemplates>['data'][number];

/** What an attendee's session already has, before a note is started. */
export function useSessionNotes(attendeeId: number) {
  return useQuery({
    queryKey: chartingKeys.sessionNotes(attendeeId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSessionNotes>>(paths.sessionNotes(attendeeId), { signal }),
    select: (response) => response.data,
    // A note started elsewhere a moment ago must show, or the picker would offer a second one.
    staleTime: 0,
  });
}

/** The practice's current templates, for the picker. */
export function useNoteTemplates() {
  return useQuery({
    queryKey: chartingKeys.templates,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listNoteTemplates>>(paths.templates, { signal }),
    select: (response) => response.data,
    staleTime: 60_000,
  });
}

/**
 * Starts the session's note with the template chosen: its billing note, or (`additional`)
 * a family or collateral note beside it.
 */
export function useStartNote(attendeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateKey, additional }: { templateKey: string; additional: boolean }) =>
      additional
        ? api.post<ResponseOf<typeof startAdditionalNote>>(paths.additionalNote, {
            attendeeId,
            templateKey,
          })
        : api.post<ResponseOf<typeof openNote>>(paths.openNote, { attendeeId, templateKey }),
    onSuccess: (response) => {
      storeNote(queryClient, response.data);
      void queryClient.invalidateQueries({ queryKey: chartingKeys.sessionNotes(attendeeId) });
    },
  });
}
