import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getPortalAccount,
  payPortalBalance,
  portalCardToken,
} from '@openpractice/contracts/billing/portal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import type { LocalCardInput } from '../cards/api';

/**
 * The signed-in client's own account (docs/billing-api.md, "Paying in the portal"): no call
 * names a client, the server answers the caller's own record.
 */

export type PortalAccount = ResponseOf<typeof getPortalAccount>['data'];
export type PortalPaymentBody = BodyOf<typeof payPortalBalance>;
export type PortalPaymentAnswer = ResponseOf<typeof payPortalBalance>;

const ACCOUNT_PATH = '/api/billing/portal/account';
const portalAccountKey = ['billing', 'portal', 'account'] as const;

export function getPortalAccountQueryOptions() {
  return queryOptions({
    queryKey: portalAccountKey,
    queryFn: ({ signal }) => api.get<ResponseOf<typeof getPortalAccount>>(ACCOUNT_PATH, { signal }),
    select: (answer) => answer.data,
  });
}

export function usePortalAccount() {
  return useQuery(getPortalAccountQueryOptions());
}

/** The local processor's tokenising call for the portal: only a token comes back. */
export async function tokenisePortalCard(processorId: number, card: LocalCardInput) {
  const answer = await api.post<ResponseOf<typeof portalCardToken>>(
    '/api/billing/portal/localProcessor/tokens',
    { processorId, ...card },
  );
  return answer.data.token;
}

/** A payment answers the account as it now stands, which replaces the cached one. */
export function usePayPortalBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalPaymentBody) =>
      api.post<PortalPaymentAnswer>('/api/billing/portal/payments', body),
    onSuccess: (answer) => {
      queryClient.setQueryData(portalAccountKey, { data: answer.data });
    },
  });
}
