import { isRouteErrorResponse } from 'react-router';

/** A short text of what went wrong, for the support ticket the user may send. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? ` ${error.data}` : '';
    return `${error.status} ${error.statusText}${data}`.trim();
  }
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}
