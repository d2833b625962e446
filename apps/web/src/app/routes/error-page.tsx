import { lazy, Suspense } from 'react';

import { PageSpinner } from '../../ui/page-spinner';
import { ErrorPageBoundary } from './error-page-boundary';

// The error page loads when an error happens, not with every page (issue 14: first paint).
// If it cannot load, the boundary shows its plain fallback.
const ErrorContent = lazy(async () => ({
  default: (await import('./error-content')).ErrorContent,
}));

function LazyErrorContent({ fullPage }: { fullPage: boolean }) {
  return (
    <ErrorPageBoundary>
      <Suspense fallback={<PageSpinner />}>
        <ErrorContent fullPage={fullPage} />
      </Suspense>
    </ErrorPageBoundary>
  );
}

/** The root error boundary: a whole page, for errors outside the navigation shell. */
export function RootErrorBoundary() {
  return <LazyErrorContent fullPage />;
}

/** Errors of a page inside the navigation shell: the shell stays, the error takes the page's place. */
export function PageErrorBoundary() {
  return <LazyErrorContent fullPage={false} />;
}
