import { lazy, type ComponentProps } from 'react';

import type { ReportIssueDialog as Dialog } from '../features/support/report-issue-dialog';
import { OnceOpened } from '../ui/on-first-use';

// Its form is loaded when first opened, not with every page (issue 14: first paint budgets).
const ReportIssueDialog = lazy(async () => ({
  default: (await import('../features/support/report-issue-dialog')).ReportIssueDialog,
}));

/**
 * 'Report the Issue', loaded on first use. Once opened it stays mounted, so
 * closing it plays the dialog's transition and reopening is instant.
 */
export function LazyReportIssueDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <OnceOpened open={props.open}>
      <ReportIssueDialog {...props} />
    </OnceOpened>
  );
}
