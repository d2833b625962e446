import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { listOpenBalances, listOpenCredits } from '@openpractice/contracts/billing/balances';
import type { getDueNow } from '@openpractice/contracts/billing/due-now';
import type {
  getClientLedger,
  recordAdjustment,
  recordPayment,
  refundPayment,
  reverseEntry,
} from '@openpractice/contracts/billing/ledger';
import type { listTherapists } from '@openpractice/contracts/practice';
import type {
  findPatientAccess,
  getSummary,
} from '@openpractice/contracts/clients/profile/details';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { billingApi } from '../../config/paths/api-billing';
import { api } from '../../lib/api-client';

export type ClientLedger = ResponseOf<typeof getClientLedger>['data'];
export type DueNow = ResponseOf<typeof getDueNow>['data'];
/** What a payment call answers: the ledger, and the receipt when one was asked for. */
export type PaymentAnswer = ResponseOf<typeof recordPayment>;
export type ReceiptOutcome = NonNullable<PaymentAnswer['receipt']>;
export type LedgerEntry = ClientLedger['entries'][number];
export type PaymentBody = BodyOf<typeof recordPayment>;
export type AdjustmentBody = BodyOf<typeof recordAdjustment>;
export type RefundBody = BodyOf<typeof refundPayment>;
export type ReverseBody = BodyOf<typeof reverseEntry>;
export type OpenBalancesPage = ResponseOf<typeof listOpenBalances>;
export type OpenCreditsPage = ResponseOf<typeof listOpenCredits>;
export type OpenBalanceRow = OpenBalancesPage['data'][number];
export type OpenCreditRow = OpenCreditsPage['data'][number];
export type Therapist = ResponseOf<typeof listTherapists>['data'][number];
type ClientSummary = ResponseOf<typeof getSummary>;
export type ClientAccess = ResponseOf<typeof findPatientAccess>['patientAccess'];

/** The filter and page of the open balances and open credits lists. */
export type BalancesQuery = { therapistId?: number | undefined; limit: number; offset: number };

export const billingKeys = {
  all: ['billing'] as const,
  ledger: (patientId: number) => [...billingKeys.all, 'ledger', patientId] as const,
  dueNow: (patientId: number) => [...billingKeys.ledger(patientId), 'dueNow'] as const,
  client: (patientId: number) => [...billingKeys.all, 'client', patientId] as const,
  lists: () => [...billingKeys.all, 'lists'] as const,
  openBalances: (query: BalancesQuery) => [...billingKeys.lists(), 'balances', query] as const,
  openCredits: (query: BalancesQuery) => [...billingKeys.lists(), 'credits', query] as const,
  therapists: () => [...billingKeys.all, 'therapists'] as const,
};

export function getClientLedgerQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: billingKeys.ledger(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getClientLedger>>(billingApi.ledger(patientId), { signal }),
    select: (response) => response.data,
  });
}

/** The client's ledger: balance, credit, aging and every entry with what is still open. */
export function useClientLedger(patientId: number) {
  return useQuery(getClientLedgerQueryOptions(patientId));
}

/**
 * What the client should pay now: the charges due and today's sessions not charged yet (the
 * rule is the domain's `dueNow`, answered by the server, which knows today's sessions). Under
 * the ledger's key, so a change to the ledger reads it again.
 */
export function useDueNow(patientId: number) {
  return useQuery(getDueNowQueryOptions(patientId));
}

export function getDueNowQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: billingKeys.dueNow(patientId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getDueNow>>(billingApi.dueNow(patientId), { signal }),
    select: (response) => response.data,
  });
}

/** Who the client is, for the pages' headings; `enabled` false while no client is named. */
export function useClientSummary(patientId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...billingKeys.client(patientId), 'summary'] as const,
    queryFn: ({ signal }) =>
      api.get<ClientSummary>(billingApi.clientSummary, { query: { patientId }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** What the caller may do for this client (payment access, billing access). */
export function useClientAccess(patientId: number) {
  return useQuery({
    queryKey: [...billingKeys.client(patientId), 'access'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof findPatientAccess>>(billingApi.clientAccess, {
        query: { patientId },
        signal,
      }),
    select: (response) => response.patientAccess,
    staleTime: 60_000,
  });
}

type LedgerAnswer = ResponseOf<typeof getClientLedger>;

/**
 * A change to the ledger. Every call answers the ledger as it now stands, which replaces the
 * cached one at once (no second read); what is due now and the practice lists are read again
 * behind it. Exported for the card calls, which answer the ledger too.
 */
export function useLedgerMutation<Vars, Answer extends LedgerAnswer = LedgerAnswer>(
  patientId: number,
  send: (vars: Vars) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData<LedgerAnswer>(billingKeys.ledger(patientId), { data: answer.data });
      void queryClient.invalidateQueries({ queryKey: billingKeys.dueNow(patientId) });
      void queryClient.invalidateQueries({ queryKey: billingKeys.lists() });
    },
  });
}

/**
 * A payment. It answers where it leaves the client, not the ledger (taking payments is the
 * payment role's, the ledger the financial role's): a ledger on screen is read again, with
 * what is due now and the practice lists. Exported for the card payment, which answers so too.
 */
export function usePaymentMutation<Vars>(
  patientId: number,
  send: (vars: Vars) => Promise<PaymentAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.ledger(patientId) });
      void queryClient.invalidateQueries({ queryKey: billingKeys.dueNow(patientId) });
      void queryClient.invalidateQueries({ queryKey: billingKeys.lists() });
    },
  });
}

export function useRecordPayment(patientId: number) {
  return usePaymentMutation(patientId, (body: PaymentBody) =>
    api.post<PaymentAnswer>(billingApi.payments(patientId), body),
  );
}

export function useRecordAdjustment(patientId: number) {
  return useLedgerMutation(patientId, (body: AdjustmentBody) =>
    api.post<LedgerAnswer>(billingApi.adjustments(patientId), body),
  );
}

export function useRefundPayment(patientId: number) {
  return useLedgerMutation(
    patientId,
    ({ paymentId, ...body }: RefundBody & { paymentId: number }) =>
      api.post<LedgerAnswer>(billingApi.refunds(patientId, paymentId), body),
  );
}

export function useReverseEntry(patientId: number) {
  return useLedgerMutation(patientId, ({ entryId, ...body }: ReverseBody & { entryId: number }) =>
    api.post<LedgerAnswer>(billingApi.reverse(patientId, entryId), body),
  );
}

export function fetchOpenBalances(query: BalancesQuery, signal?: AbortSignal) {
  return api.get<OpenBalancesPage>(billingApi.openBalances, { query, signal });
}

export function fetchOpenCredits(query: BalancesQuery, signal?: AbortSignal) {
  return api.get<OpenCreditsPage>(billingApi.openCredits, { query, signal });
}

export function useOpenBalances(query: BalancesQuery) {
  return useQuery({
    queryKey: billingKeys.openBalances(query),
    queryFn: ({ signal }) => fetchOpenBalances(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOpenCredits(query: BalancesQuery) {
  return useQuery({
    queryKey: billingKeys.openCredits(query),
    queryFn: ({ signal }) => fetchOpenCredits(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The practice's therapists, active and past, for the lists' filter. */
export function useTherapists() {
  return useQuery({
    queryKey: billingKeys.therapists(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listTherapists>>(billingApi.therapists, {
        query: { includeInactive: 'true' },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}
