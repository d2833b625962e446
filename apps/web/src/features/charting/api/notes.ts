import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  cosignNote,
  getNote,
  returnNote,
  saveNoteDraft,
  signNote,
  unlockNote,
} from '@openpractice/contracts/charting/notes';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';
import { chartingKeys } from './keys';

const paths = chartingApi.charting;

export type NoteDetail = ResponseOf<typeof getNote>['data'];
export type NoteActions = NoteDetail['actions'];
export type NoteTemplate = NoteDetail['template'];
export type NoteContentValue = NoteDetail['content'];
export type Diagnosis = NoteDetail['diagnoses'][number];
export type Addendum = NoteDetail['addenda'][number];
export type HistoryEntry = NoteDetail['history'][number];
export type Signature = NoteDetail['signatures'][number];
export type DraftInput = BodyOf<typeof saveNoteDraft>;

/** A supervisor the author may send the note to. */
export type Reviewer = { therapistId: number; name: string };

/** The supervisors to choose from when a supervisee sends a note for review. */
export function reviewersOf(note: NoteDetail): Reviewer[] {
  return note.actions.reviewers;
}

export function getNoteQueryOptions(noteId: number) {
  return queryOptions({
    queryKey: chartingKeys.note(noteId),
    queryFn: ({ signal }) => api.get<ResponseOf<typeof getNote>>(paths.note(noteId), { signal }),
    select: (response) => response.data,
    // Fresh on each visit (another person may have signed or returned it), except just after
    // the opener stored it; not on focus, while someone may be typing (the editor keeps its own copy).
    staleTime: 5_000,
    refetchOnWindowFocus: false,
  });
}

export function useNote(noteId: number) {
  return useQuery(getNoteQueryOptions(noteId));
}

/** Keeps the note's cached answer and the client's records in step with a step's answer. */
export function storeNote(queryClient: QueryClient, note: NoteDetail): void {
  queryClient.setQueryData(chartingKeys.note(note.noteId), { data: note });
  void queryClient.invalidateQueries({ queryKey: chartingKeys.records(note.patientId) });
}

/** One draft save; answers the note's new `updatedAt`. */
export async function saveNoteDraftCall(noteId: number, input: DraftInput): Promise<string> {
  const answer = await api.put<ResponseOf<typeof saveNoteDraft>>(paths.note(noteId), input);
  return answer.updatedAt;
}

type NoteStep =
  | { kind: 'sign'; reviewerTherapistId?: number }
  | { kind: 'return'; comment: string }
  | { kind: 'cosign' }
  | { kind: 'unlock'; reason: string };

function sendStep(noteId: number, step: NoteStep) {
  switch (step.kind) {
    case 'sign':
      return api.post<ResponseOf<typeof signNote>>(
        paths.note(noteId, 'sign'),
        step.reviewerTherapistId === undefined
          ? {}
          : { reviewerTherapistId: step.reviewerTherapistId },
      );
    case 'return':
      return api.post<ResponseOf<typeof returnNote>>(paths.note(noteId, 'return'), {
        comment: step.comment,
      });
    case 'cosign':
      return api.post<ResponseOf<typeof cosignNote>>(paths.note(noteId, 'cosign'), {});
    case 'unlock':
      return api.post<ResponseOf<typeof unlockNote>>(paths.note(noteId, 'unlock'), {
        reason: step.reason,
      });
  }
}

/** Sign, send for review, return, co-sign or unlock: each answers the whole note. */
export function useNoteStep(noteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: NoteStep) => sendStep(noteId, step),
    onSuccess: (response) => {
      storeNote(queryClient, response.data);
    },
  });
}

export type { NoteStep };
