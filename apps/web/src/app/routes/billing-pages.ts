import type { DerivedRole } from '@openpractice/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

import { billingRoutes } from '../../config/paths/billing';
import { roleLoader } from '../loaders';
import { relative } from './relative-path';

// One import per chunk, shared by its routes: every import() here adds its preload list to
// the router, which every page loads.
const clientBilling = () => import('./client-billing');
const lists = () => import('../../features/billing/balances/list-pages');
const reports = () => import('../../features/billing/reports/report-pages');
const statements = () => import('../../features/billing/statements/pages');
const virtualTerminal = () => import('./virtual-terminal');

function ignore(): void {
  // The page shows any failure when it reads the same query.
}

/**
 * The role guard, then the page's read of the client (the ledger, or what is due now for a
 * payment) beside the page's code. One static loader does both (a lazy route cannot add a
 * loader beside a static one); the query options come with the page's chunk, so billing's code
 * stays out of every page's first load.
 */
function ledgerPageLoader(
  queryClient: QueryClient,
  role: DerivedRole,
  read: 'ledgerLoader' | 'dueNowLoader',
) {
  const guard = roleLoader(queryClient, role);
  return async (args: LoaderFunctionArgs) => {
    const refused = await guard();
    if (refused) return refused;
    clientBilling()
      .then((route) => route[read](queryClient)(args))
      .catch(ignore);
    return null;
  };
}

/**
 * Client billing (issue 19): a client's ledger, taking a payment, the virtual terminal, open
 * balances and credits, statements.
 * The guards mirror the server's routes: the ledger needs the financial role (the page then
 * checks the client's billing access), payments the payment role, the lists billing.
 */
export function billingPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: relative(billingRoutes.client.path),
      loader: ledgerPageLoader(queryClient, 'financial', 'ledgerLoader'),
      lazy: async () => ({ Component: (await clientBilling()).ClientBillingRoute }),
    },
    {
      path: relative(billingRoutes.takePayment.path),
      // The payment role alone is enough: the page reads only payment-role calls.
      loader: ledgerPageLoader(queryClient, 'payment', 'dueNowLoader'),
      lazy: async () => ({ Component: (await clientBilling()).TakePaymentRoute }),
    },
    // Keying a card for any client: the payment role, as the server's card payment call.
    {
      path: relative(billingRoutes.virtualTerminal.path),
      loader: roleLoader(queryClient, 'payment'),
      lazy: async () => ({ Component: (await virtualTerminal()).VirtualTerminalRoute }),
    },
    {
      path: relative(billingRoutes.openBalances.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await lists()).OpenBalancesPage }),
    },
    {
      path: relative(billingRoutes.openCredits.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await lists()).OpenCreditsPage }),
    },
    // Statements (issue 19 item 3): the server's statement calls are the billing role's.
    {
      path: relative(billingRoutes.statement.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await statements()).StatementPage }),
    },
    {
      path: relative(billingRoutes.statementsReport.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await statements()).StatementsReportPage }),
    },
    // The billing reports (issue 19 item 2): billing role, as the server's report calls.
    {
      path: relative(billingRoutes.chargesReport.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await reports()).ChargesReportPage }),
    },
    {
      path: relative(billingRoutes.paymentsAndRefunds.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await reports()).PaymentsReportPage }),
    },
    {
      path: relative(billingRoutes.insurancePayments.path),
      loader: roleLoader(queryClient, 'billing'),
      // Composed with claims' ERA upload (app/ composes areas).
      lazy: async () => ({
        Component: (await import('../insurance-payments-page')).InsurancePaymentsWithEra,
      }),
    },
  ];
}
