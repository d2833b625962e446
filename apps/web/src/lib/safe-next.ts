import { APP_BASENAME, paths } from '../config/paths';

function hasControlCharacterOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/**
 * The in-app path to go to after signing in: `next` only when it is a relative
 * path inside this app ('/…', not '//host' or '/\host', no scheme, no control
 * characters), else home. Guards against open redirects through `?next=`.
 */
export function safeNextPath(next: string | null | undefined): string {
  const fallback = paths.home.getHref();
  if (next === null || next === undefined || next === '') return fallback;
  if (!next.startsWith('/')) return fallback;
  if (next.startsWith('//')) return fallback;
  // Browsers drop tabs and newlines inside URLs, which can turn '/\t/evil' into '//evil'.
  if (hasControlCharacterOrBackslash(next)) return fallback;
  try {
    const base = 'http://app.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The in-app path (without the router's basename) of a full URL, for a `?next=` parameter. */
export function appPathFromUrl(href: string): string {
  const url = new URL(href);
  let pathname = url.pathname;
  const base = APP_BASENAME.replace(/\/$/, '');
  if (pathname === base) pathname = '/';
  else if (pathname.startsWith(`${base}/`)) pathname = pathname.slice(base.length);
  return `${pathname}${url.search}`;
}
