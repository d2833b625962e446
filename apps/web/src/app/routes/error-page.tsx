import { useRouteError } from 'react-router';

import { describeError, isNotFound } from './describe-error';
import { ErrorPageBoundary } from './error-page-boundary';
import { NotFoundPage } from './not-found';
import { ProblemReport } from './problem-report';

function ErrorContent({ fullPage }: { fullPage: boolean }) {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  if (isNotFound(error)) return <NotFoundPage fullPage={fullPage} />;
  return <ProblemReport errorText={describeError(error)} fullPage={fullPage} />;
}

/** The root error boundary: a whole page, for errors outside the navigation shell. */
export function RootErrorBoundary() {
  return (
    <ErrorPageBoundary>
      <ErrorContent fullPage />
    </ErrorPageBoundary>
  );
}

/** Errors of a page inside the navigation shell: the shell stays, the error takes the page's place. */
export function PageErrorBoundary() {
  return (
    <ErrorPageBoundary>
      <ErrorContent fullPage={false} />
    </ErrorPageBoundary>
  );
}
