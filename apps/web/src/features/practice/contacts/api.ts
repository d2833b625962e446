import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  createPracticeContact,
  getPracticeContact,
  listPracticeContacts,
} from '@openpractice/contracts/practice/contacts';
import type { PracticeContactState } from '@openpractice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type PracticeContactRow = ResponseOf<typeof listPracticeContacts>['data'][number];
export type PracticeContactDetail = ResponseOf<typeof getPracticeContact>['data'];
export type PracticeContactInput = BodyOf<typeof createPracticeContact>;

/** ['practice', 'contacts'] is also the client profile's picker key: a change refreshes both. */
const contactsKey = ['practice', 'contacts'] as const;

export function usePracticeContactList(state: PracticeContactState) {
  return useQuery(
    queryOptions({
      queryKey: [...contactsKey, 'list', state],
      queryFn: ({ signal }) =>
        api.get<ResponseOf<typeof listPracticeContacts>>(apiPaths.practiceContactList, {
          query: { state },
          signal,
        }),
      select: (response) => response.data,
    }),
  );
}

export function usePracticeContact(contactId: number | null) {
  return useQuery({
    queryKey: [...contactsKey, 'one', contactId],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPracticeContact>>(apiPaths.practiceContact(contactId ?? 0), {
        signal,
      }),
    select: (response) => response.data,
    enabled: contactId !== null,
  });
}

/** Adds (no id) or changes a contact; every contact list is refreshed after. */
export function useSavePracticeContact(contactId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PracticeContactInput) =>
      contactId === null
        ? api.post<ResponseOf<typeof getPracticeContact>>(apiPaths.practiceContactList, input)
        : api.put<ResponseOf<typeof getPracticeContact>>(
            apiPaths.practiceContact(contactId),
            input,
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}
