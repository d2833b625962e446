import type { ResponseOf } from '@openpractice/contracts';
import type {
  chargesReport,
  insurancePaymentsReport,
  paymentsAndRefundsReport,
} from '@openpractice/contracts/billing/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { billingKeys } from '../api';

export type ChargesPage = ResponseOf<typeof chargesReport>;
export type ChargeRow = ChargesPage['data'][number];
export type PaymentsPage = ResponseOf<typeof paymentsAndRefundsReport>;
export type PaymentRow = PaymentsPage['data'][number];
export type InsurancePage = ResponseOf<typeof insurancePaymentsReport>;
export type InsuranceRow = InsurancePage['data'][number];

type Query = Record<string, string | number>;

/**
 * The reports' calls (docs/billing-api.md). Their paths are here, in the reports' own lazy
 * chunk, rather than in api-billing.ts, which every billing page loads.
 */
const paths = {
  charges: '/api/billing/reports/charges',
  payments: '/api/billing/reports/payments',
  insurance: '/api/billing/reports/insurance-payments',
} as const;

export type ReportName = keyof typeof paths;

export function fetchReport<P>(report: ReportName, query: Query, signal?: AbortSignal) {
  return api.get<P>(paths[report], { query, signal });
}

/** Under billing's lists key, so a payment recorded anywhere refreshes the reports too. */
export function useReport<P>(report: ReportName, query: Query) {
  return useQuery({
    queryKey: [...billingKeys.lists(), 'report', report, query] as const,
    queryFn: ({ signal }) => fetchReport<P>(report, query, signal),
    placeholderData: keepPreviousData,
  });
}
