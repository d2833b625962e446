import type { FastifyInstance } from 'fastify';

/**
 * Links in emails (portal invitations, password resets) are built from ONE
 * configured origin, never from the request's Host or X-Forwarded-Host
 * header: a caller who sets `Host: evil.example` must not get a reset link
 * pointing at a server they control (docs/decisions.md, "Demo mode and
 * transport").
 */

/** The address of a server on this machine, as the demo prints it. */
export const localAddress = (port: number): string => `http://localhost:${port}`;

export const PUBLIC_URL_REQUIRED =
  'Invalid configuration: PUBLIC_URL: required outside demo mode, the address people open the app at (e.g. https://practice.example.com), for links in emails';

/**
 * The origin for links: PUBLIC_URL when set; in demo mode the local address;
 * otherwise the server refuses to start, naming PUBLIC_URL.
 */
export function resolvePublicUrl(input: {
  publicUrl: string | undefined;
  demoMode: boolean;
  port: number;
}): string {
  if (input.publicUrl) return input.publicUrl.replace(/\/+$/, '');
  if (input.demoMode) return localAddress(input.port);
  throw new Error(PUBLIC_URL_REQUIRED);
}

/** An absolute link to a web app path for an email, e.g. `/n/public/activate` with its token. */
export function emailLink(
  app: Pick<FastifyInstance, 'publicUrl'>,
  path: string,
  query: Record<string, string> = {},
): string {
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${app.publicUrl}${path}${search ? `?${search}` : ''}`;
}
