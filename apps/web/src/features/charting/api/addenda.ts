import type { ResponseOf } from '@openpractice/contracts';
import type {
  cosignAddendum,
  createAddendum,
  returnAddendum,
  saveAddendum,
  signAddendum,
} from '@openpractice/contracts/charting/addenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';
import { storeNote } from './notes';

const paths = chartingApi.charting;

export type AddendumStep =
  | { kind: 'create'; noteId: number }
  | { kind: 'sign'; addendumId: number; reviewerTherapistId?: number }
  | { kind: 'return'; addendumId: number; comment: string }
  | { kind: 'cosign'; addendumId: number };

function sendStep(step: AddendumStep) {
  switch (step.kind) {
    case 'create':
      return api.post<ResponseOf<typeof createAddendum>>(paths.createAddendum, {
        noteId: step.noteId,
      });
    case 'sign':
      return api.post<ResponseOf<typeof signAddendum>>(
        paths.addendum(step.addendumId, 'sign'),
        step.reviewerTherapistId === undefined
          ? {}
          : { reviewerTherapistId: step.reviewerTherapistId },
      );
    case 'return':
      return api.post<ResponseOf<typeof returnAddendum>>(
        paths.addendum(step.addendumId, 'return'),
        {
          comment: step.comment,
        },
      );
    case 'cosign':
      return api.post<ResponseOf<typeof cosignAddendum>>(
        paths.addendum(step.addendumId, 'cosign'),
        {},
      );
  }
}

/** Start, sign (or send), return or co-sign an addendum: each answers the whole note. */
export function useAddendumStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStep,
    onSuccess: (response) => {
      storeNote(queryClient, response.data);
    },
  });
}

/** One save of an addendum's text (the answer is the whole note; the editor keeps its text). */
export async function saveAddendumCall(addendumId: number, text: string): Promise<string> {
  const answer = await api.put<ResponseOf<typeof saveAddendum>>(paths.addendum(addendumId), {
    text,
  });
  return answer.data.updatedAt;
}
