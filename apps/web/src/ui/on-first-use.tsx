import { Component, Suspense, useState, type ReactNode } from 'react';

import { isChunkLoadError } from './chunk-reload/reload-once-for-chunk-error';

/**
 * A part that cannot load (offline, or gone after a release, when FeedbackServices reloads the
 * page) shows nothing rather than taking the page down; any other error goes on up.
 */
class SkipFailedLoad extends Component<
  { children: ReactNode },
  { failed: false } | { failed: true; error: unknown }
> {
  override state: { failed: false } | { failed: true; error: unknown } = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (isChunkLoadError(this.state.error)) return null;
    throw this.state.error;
  }
}

/** Around a part whose code loads when it is first shown (React.lazy): nothing until it is there. */
export function LoadOnUse({ children }: { children: ReactNode }) {
  return (
    <SkipFailedLoad>
      <Suspense fallback={null}>{children}</Suspense>
    </SkipFailedLoad>
  );
}

/**
 * A dialog or menu whose code loads the first time it opens (issue 14: first paint budgets):
 * nothing is loaded before, and once loaded it stays mounted, so closing plays its transition
 * and reopening is instant.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <LoadOnUse>{children}</LoadOnUse>;
}
