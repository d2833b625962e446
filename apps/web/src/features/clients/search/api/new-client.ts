import type { BodyOf, QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  addNewPatientForTherapists,
  listDuplicateClients as listDuplicatesCall,
} from '@openpractice/contracts/clients/search';
import type { sendActivationLink as sendActivationLinkCall } from '@openpractice/contracts/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientSearchKey } from './search';

/** A new client as sent. Dates are ISO, money is cents. */
export type NewClientPayload = BodyOf<typeof addNewPatientForTherapists>;
type CreatedClient = ResponseOf<typeof addNewPatientForTherapists>;
export type DuplicateQuery = QueryOf<typeof listDuplicatesCall>;
/** A client who may be the same person; `canOpen` false: only named, to warn. */
export type DuplicateClient = ResponseOf<typeof listDuplicatesCall>['data'][number];

export function listDuplicateClients(query: DuplicateQuery): Promise<DuplicateClient[]> {
  return api
    .get<ResponseOf<typeof listDuplicatesCall>>(apiPaths.duplicateClients, { query: { ...query } })
    .then((response) => response.data);
}

export function createClient(payload: NewClientPayload): Promise<CreatedClient> {
  return api.post<ResponseOf<typeof addNewPatientForTherapists>>(apiPaths.createClient, payload);
}

/** Sends the client portal invitation to the client's default email. */
export function sendActivationLink(patientId: number) {
  return api.post<ResponseOf<typeof sendActivationLinkCall>>(
    apiPaths.sendActivationLink,
    undefined,
    {
      query: { patientId },
    },
  );
}

/** Creates the client; every client search is out of date afterwards. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientSearchKey });
    },
  });
}
