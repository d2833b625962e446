import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';

/**
 * MUI's Tooltip, whose code (the Tooltip with Popper and popper.js, about 12 KiB gzip) loads
 * after the first paint instead of before it: the signed-in shell's icon buttons have
 * tooltips, so every signed-in page paid for them up front (issue 14: first paint budgets;
 * issue 18: the portal form page's 250 KiB).
 *
 * The code loads once the browser is idle after the first paint (or at once when a tooltip's
 * element is hovered or focused before then), so a tooltip shows on hover and keyboard focus
 * as before. Until then the element is rendered bare, with the accessible name the Tooltip
 * would give it. Putting the Tooltip around an element remounts it, so an element that is
 * hovered or focused when the code arrives keeps its bare form until the pointer or focus
 * leaves: focus is never lost and a click never lands on a replaced node.
 */

type Props = {
  /** Also the element's accessible name unless it has an aria-label of its own, as in MUI. */
  title: string;
  placement?: TooltipProps['placement'];
  children: ReactElement<ChildProps>;
};

type ChildProps = {
  'aria-label'?: string;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

let LoadedTooltip: ComponentType<TooltipProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load() {
  loading ??= import('@mui/material/Tooltip').then(
    (module) => {
      LoadedTooltip = module.default;
      listeners.forEach((listener) => {
        listener();
      });
    },
    () => {
      // Offline or a release replaced the chunk: elements stay bare; a later hover tries again.
      loading = null;
    },
  );
}

let scheduled = false;
/** Loads the Tooltip when the browser has nothing else to do (after the page's own code). */
function loadWhenIdle() {
  if (scheduled) return;
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(load, { timeout: 2000 });
  } else {
    setTimeout(load, 200);
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const isLoaded = () => LoadedTooltip !== null;

export function LazyTooltip({ title, placement, children }: Props) {
  const ready = useSyncExternalStore(subscribe, isLoaded, isLoaded);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [wrapped, setWrapped] = useState(ready);
  if (ready && !wrapped && !hovered && !focused) setWrapped(true);

  useEffect(() => {
    if (!wrapped) loadWhenIdle();
  }, [wrapped]);

  if (LoadedTooltip !== null && wrapped) {
    return (
      <LoadedTooltip title={title} placement={placement}>
        {children}
      </LoadedTooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    'aria-label': own['aria-label'] ?? ('aria-label' in own ? undefined : title),
    onMouseEnter: (event) => {
      setHovered(true);
      load();
      own.onMouseEnter?.(event);
    },
    onMouseLeave: (event) => {
      setHovered(false);
      own.onMouseLeave?.(event);
    },
    onFocus: (event) => {
      setFocused(true);
      load();
      own.onFocus?.(event);
    },
    onBlur: (event) => {
      setFocused(false);
      own.onBlur?.(event);
    },
  });
}
