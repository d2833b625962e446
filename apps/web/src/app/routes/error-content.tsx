import { useRouteError } from 'react-router';

import { AppTheme } from '../app-theme';
import { describeError, isNotFound } from './describe-error';
import { NotFoundPage } from './not-found';
import { ProblemReport } from './problem-report';

function Content({ fullPage }: { fullPage: boolean }) {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  if (isNotFound(error)) return <NotFoundPage fullPage={fullPage} />;
  return <ProblemReport errorText={describeError(error)} fullPage={fullPage} />;
}

/** What went wrong; a whole page (outside the layouts, so with the theme) or the shell's page. */
export function ErrorContent({ fullPage }: { fullPage: boolean }) {
  if (!fullPage) return <Content fullPage={false} />;
  return (
    <AppTheme>
      <Content fullPage />
    </AppTheme>
  );
}
