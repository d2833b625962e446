import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  createStatement,
  createStatementBatch,
  listStatements,
} from '@openpractice/contracts/billing/statements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { billingApi } from '../../../config/paths/api-billing';
import { api } from '../../../lib/api-client';
import { billingKeys } from '../api';

export type StatementPeriod = BodyOf<typeof createStatementBatch>;
export type MadeStatement = ResponseOf<typeof createStatement>['data'];
export type BatchResult = ResponseOf<typeof createStatementBatch>['data'];
export type StatementsPage = ResponseOf<typeof listStatements>;
export type StatementRow = StatementsPage['data'][number];

/** The statements report's filter and page. */
export type StatementsQuery = { patientId?: number | undefined; limit: number; offset: number };

// Under the billing lists' key, so a payment or a new statement refreshes the report too.
const statementsKey = (query: StatementsQuery) =>
  [...billingKeys.lists(), 'statements', query] as const;

/** The statements report (docs/billing-api.md): newest first, optionally one client's. */
export function useStatements(query: StatementsQuery) {
  return useQuery({
    queryKey: statementsKey(query),
    queryFn: ({ signal }) => api.get<StatementsPage>(billingApi.statements, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Makes one client's statement for the period; the report is read again behind it. */
export function useCreateStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientId, ...period }: StatementPeriod & { patientId: number }) =>
      api.post<ResponseOf<typeof createStatement>>(billingApi.statementFor(patientId), period),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.lists() });
    },
  });
}

/** Makes a statement for every client with activity in the period or a balance at its end. */
export function useCreateStatementBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: StatementPeriod) =>
      api.post<ResponseOf<typeof createStatementBatch>>(billingApi.statementBatch, period),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.lists() });
    },
  });
}
