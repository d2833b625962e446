import { redirect, type LoaderFunctionArgs } from 'react-router';

import { paths, type ToastType } from '../../config/paths';
import { safeNextPath } from '../../lib/safe-next';

/** Where a page that sends the user away (e.g. to finish a task elsewhere) saves the way back. */
export const EXIT_ROUTE_STORAGE_KEY = 'exitRoute';

function takeSavedRoute(): string | null {
  try {
    const saved = window.sessionStorage.getItem(EXIT_ROUTE_STORAGE_KEY);
    window.sessionStorage.removeItem(EXIT_ROUTE_STORAGE_KEY);
    return saved;
  } catch {
    return null;
  }
}

function toastTypeOf(status: string | null): ToastType {
  if (status === 'success' || status === 'error') return status;
  return 'info';
}

/** `path` with `toast` and `toastType` added to its query. */
export function withToast(path: string, toast: string, toastType: ToastType): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.set('toast', toast);
  url.searchParams.set('toastType', toastType);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `/exit?status=success|error&message=…`: back to the route saved in
 * sessionStorage (else home), showing the message as a toast there.
 */
export function exitLoader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const target = safeNextPath(takeSavedRoute() ?? paths.home.getHref());
  const message = query.get('message');
  if (!message) return redirect(target);
  return redirect(withToast(target, message, toastTypeOf(query.get('status'))));
}
