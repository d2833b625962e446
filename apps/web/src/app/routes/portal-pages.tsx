import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

import { PageSpinner } from '../../ui/page-spinner';
import { NotFoundPage } from './not-found';

/**
 * The client portal's own pages, `/portal/{page}`: one route for them all, since every route
 * in the table (with its preload list) is in every page's first load, and one more put the
 * smallest page (not found) over its budget. Each page still loads only its own code.
 */
const pages = {
  // Issue 18 item 5: the client's treatment plans to read and sign.
  treatmentPlans: lazy(async () => ({
    default: (await import('../../features/treatment-plans/portal-plans-page')).PortalPlansPage,
  })),
  // Issue 19 item 4: the client's balance, paying it, and their cards' expiry.
  billing: lazy(async () => ({
    default: (await import('../../features/billing/portal/portal-billing-page')).PortalBillingPage,
  })),
};

const isPage = (page: string | undefined): page is keyof typeof pages =>
  page !== undefined && Object.hasOwn(pages, page);

export function PortalRoute() {
  const { page } = useParams();
  if (!isPage(page)) return <NotFoundPage fullPage={false} />;
  const Page = pages[page];
  return (
    <Suspense fallback={<PageSpinner label="Loading the page" />}>
      <Page />
    </Suspense>
  );
}
