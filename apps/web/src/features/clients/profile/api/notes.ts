import type { ResponseOf } from '@openpractice/contracts';
import type {
  deleteReasonForAppointment,
  getAlert,
  getMemo,
  getReasonForAppointment,
  saveAlert,
  saveMemo,
  saveReasonForAppointmentToMemo,
} from '@openpractice/contracts/clients/profile/notes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from './keys';
import type { ClientProfile } from './profile';

const paths = apiPaths.clientProfile;

export type NoteKind = 'memo' | 'alert';

/** Memo and alert: the alert keeps the spec's `id` parameter, the memo uses `patientId`. */
export function getNoteQueryOptions(patientId: number, kind: NoteKind) {
  return queryOptions({
    queryKey: kind === 'memo' ? clientKeys.memo(patientId) : clientKeys.alert(patientId),
    queryFn: async ({ signal }) => {
      if (kind === 'memo') {
        const { memo } = await api.get<ResponseOf<typeof getMemo>>(paths.memo, {
          query: { patientId },
          signal,
        });
        return memo;
      }
      const { alert } = await api.get<ResponseOf<typeof getAlert>>(paths.alert, {
        query: { id: patientId },
        signal,
      });
      return alert;
    },
  });
}

export function useNote(patientId: number, kind: NoteKind) {
  return useQuery(getNoteQueryOptions(patientId, kind));
}

/** Blank or whitespace-only text is saved as none (the server normalises it too). */
export function useSaveNote(patientId: number, kind: NoteKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      text: string | null,
    ): Promise<ResponseOf<typeof saveMemo> | ResponseOf<typeof saveAlert>> =>
      kind === 'memo'
        ? api.post<ResponseOf<typeof saveMemo>>(paths.saveMemo, { patientId, text })
        : api.post<ResponseOf<typeof saveAlert>>(paths.saveAlert, { id: patientId, text }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      const value = 'memo' in result ? result.memo : result.alert;
      queryClient.setQueryData(getNoteQueryOptions(patientId, kind).queryKey, value);
      if (kind === 'alert') {
        // The header shows the alert.
        queryClient.setQueryData<ClientProfile>(clientKeys.profile(patientId), (old) =>
          old ? { ...old, alert: value } : old,
        );
      }
    },
  });
}

// --- Reason for appointment ------------------------------------------------------

export function getReasonQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.reason(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getReasonForAppointment>>(paths.reason, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.reasonForAppointment,
  });
}

export function useReasonForAppointment(patientId: number) {
  return useQuery(getReasonQueryOptions(patientId));
}

/**
 * Moving the reason to the memo and removing it both clear it, so the profile
 * (which decides whether the tab shows), the memo and the reason reload.
 */
export function useHandleReason(patientId: number, action: 'saveToMemo' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      action === 'saveToMemo'
        ? api.post<ResponseOf<typeof saveReasonForAppointmentToMemo>>(paths.saveReasonToMemo, {
            patientId,
          })
        : api.delete<ResponseOf<typeof deleteReasonForAppointment>>(paths.deleteReason, {
            query: { patientId },
          }),
    onSuccess: () => {
      queryClient.setQueryData<ClientProfile>(clientKeys.profile(patientId), (old) =>
        old ? { ...old, reasonForAppointment: null } : old,
      );
      void queryClient.invalidateQueries({ queryKey: clientKeys.reason(patientId) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.memo(patientId) });
    },
  });
}
