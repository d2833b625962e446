import {
  MaterialDesignContent,
  SnackbarProvider,
  useSnackbar,
  type CustomContentProps,
} from 'notistack';
import { forwardRef, useEffect } from 'react';

import { STATUS_COLOURS } from '../status-colours';
import type { SnackbarProviderOptions, Snackbars } from './snackbar';

interface SnackbarHostProps extends SnackbarProviderOptions {
  /** Called once notistack's provider is mounted; the function it returns forgets it. */
  onReady: (snackbars: Snackbars) => () => void;
}

/**
 * notistack's own colours put white text on light green (3.3:1) and orange; the theme's
 * status colours keep every toast at WCAG AA contrast. An inline style rather than MUI's
 * styled(): this chunk loads with the first toast and should not pull the styling engine.
 */
const AccessibleContent = forwardRef<HTMLDivElement, CustomContentProps>(
  function AccessibleContent(props, ref) {
    const colour = props.variant === 'default' ? undefined : STATUS_COLOURS[props.variant];
    return (
      <MaterialDesignContent
        ref={ref}
        {...props}
        style={colour ? { ...props.style, backgroundColor: colour } : props.style}
      />
    );
  },
);

const TOAST_COMPONENTS = {
  default: AccessibleContent,
  success: AccessibleContent,
  error: AccessibleContent,
  warning: AccessibleContent,
  info: AccessibleContent,
};

function ReportReady({ onReady }: Pick<SnackbarHostProps, 'onReady'>) {
  const snackbars = useSnackbar();
  useEffect(() => onReady(snackbars), [snackbars, onReady]);
  return null;
}

/** notistack's provider, the part of ./snackbar.tsx that loads with the first snackbar. */
export function SnackbarHost({ onReady, ...options }: SnackbarHostProps) {
  return (
    <SnackbarProvider Components={TOAST_COMPONENTS} {...options}>
      <ReportReady onReady={onReady} />
    </SnackbarProvider>
  );
}
