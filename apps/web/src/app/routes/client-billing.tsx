import { hasRole } from '@openpractice/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { getClientLedgerQueryOptions, getDueNowQueryOptions } from '../../features/billing/api';
import { ClientBillingPage } from '../../features/billing/ledger/client-billing-page';
import { TakePaymentPage } from '../../features/billing/take-payment/take-payment-page';
import { patientIdOf } from '../../features/clients/profile/lib/patient-id';
import { useIdentity } from '../../features/identity/api';
import { useMayOpenLedger } from './billing-roles';
import { NotFoundPage } from './not-found';

function ignore(): void {
  // The page shows the failure when it reads the same query.
}

/** Starts reading the client's ledger alongside the page's code. */
export function ledgerLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const patientId = patientIdOf(params.id);
    if (patientId !== null) {
      queryClient.query(getClientLedgerQueryOptions(patientId)).catch(ignore);
    }
    return null;
  };
}

/** Starts reading what is due now (all the take-payment page reads) alongside the page's code. */
export function dueNowLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const patientId = patientIdOf(params.id);
    if (patientId !== null) {
      queryClient.query(getDueNowQueryOptions(patientId)).catch(ignore);
    }
    return null;
  };
}

/**
 * `/client/{id}/billing`: the client's ledger. Corrections (adjust, refund, reverse) are the
 * billing role's, as the server's routes say; the page reads the client's own access flags.
 */
export function ClientBillingRoute() {
  const patientId = patientIdOf(useParams().id);
  const identity = useIdentity();
  if (patientId === null) return <NotFoundPage fullPage={false} />;
  return (
    <ClientBillingPage
      key={patientId}
      patientId={patientId}
      canCorrect={hasRole(identity.data?.authorities ?? [], 'billing')}
    />
  );
}

/** `/billing/takePayment/{id}`: a payment from the client. */
export function TakePaymentRoute() {
  const patientId = patientIdOf(useParams().id);
  const mayOpenLedger = useMayOpenLedger();
  if (patientId === null) return <NotFoundPage fullPage={false} />;
  return <TakePaymentPage key={patientId} patientId={patientId} mayOpenLedger={mayOpenLedger} />;
}
