import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import type { ClientStatus } from '../search-criteria';
import { clientSearchKey } from './search';

/** `POST /api/patient/addNewPatientForTherapists` body. Dates are ISO, money is cents. */
export interface NewClientPayload {
  firstName: string;
  lastName: string;
  nickName?: string;
  middleName?: string;
  dob?: string;
  email?: string;
  phone?: string;
  therapistIds: number[];
  status: ClientStatus;
  isPrivatePay: boolean;
  usualFeeCents?: number;
  insurance?: { practiceInsuranceId: number; insuranceNumber: string } | null;
}

export interface CreatedClient {
  patientId: number;
  accountNumber: string;
}

export interface DuplicateQuery {
  firstName: string;
  lastName: string;
  dob?: string;
  email?: string;
  phone?: string;
}

/** `GET /api/patient/listDuplicateClients` row: a client who may be the same person. */
export interface DuplicateClient {
  user_id: number;
  firstName: string;
  lastName: string;
  /** Only when the caller may see this client's date of birth. */
  dateOfBirth?: string | null;
  accountNumber: string;
  /** False: a client outside the caller's access, named only to warn of a duplicate. */
  canOpen: boolean;
  reasons: string[];
}

export function listDuplicateClients(query: DuplicateQuery): Promise<DuplicateClient[]> {
  return api
    .get<{ data: DuplicateClient[] }>(apiPaths.duplicateClients, { query: { ...query } })
    .then((response) => response.data);
}

export function createClient(payload: NewClientPayload): Promise<CreatedClient> {
  return api.post<CreatedClient>(apiPaths.createClient, payload);
}

/** Sends the client portal invitation to the client's default email. */
export function sendActivationLink(patientId: number): Promise<{ status: string }> {
  return api.post<{ status: string }>(apiPaths.sendActivationLink, undefined, {
    query: { patientId },
  });
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
