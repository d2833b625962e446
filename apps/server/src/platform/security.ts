import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { hasRole } from '@openpractice/domain';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/** One year, with subdomains: what helmet sent before, now only where it means something. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** 403 message of the API document for a signed-in caller who is not staff. */
export const STAFF_ONLY_MESSAGE = 'The API document is for practice and support staff.';

/**
 * Security headers. The CSP allows only what the app uses: its own scripts
 * (no inline scripts), inline styles (MUI/emotion inject style tags), images
 * from itself, data: and blob: (previews), and framing only by itself. Stripe.js, on the
 * pages that take a card through Stripe, is the one outside script: it is loaded from
 * js.stripe.com, draws the card fields in its own frames (js.stripe.com, hooks.stripe.com for
 * a bank's 3-D Secure page) and speaks to api.stripe.com; the card number stays in its frame.
 */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  frameguard: { action: 'sameorigin' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
  // Sent below, over HTTPS only: over plain HTTP the header is meaningless (browsers ignore
  // it) and a development server on localhost must not pin every localhost port to HTTPS.
  hsts: false,
};

/**
 * The headers helmet sends with these options. They are the same for every
 * answer, but the plugin rebuilds them (parsing every directive) on each
 * request; so helmet writes them once, here, and every answer gets the copy.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!PROBE_OWN_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** What any Fastify answer carries, whatever helmet says. */
const PROBE_OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // request.protocol follows the trust-proxy setting, so only a trusted proxy can say HTTPS.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    done();
  });
}

/**
 * Staff: signed in and acting within a practice with a practice role (owners,
 * therapists, front office, an impersonating support user), or internal
 * support staff. Portal clients and external agents outside a practice are not.
 */
export function requireStaff(request: FastifyRequest): void {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  const authorities = auth.user.authorities;
  const practiceStaff = auth.practiceId !== null && hasRole(authorities, 'practiceStaff');
  if (!practiceStaff && !hasRole(auth.realUser.authorities, 'ta'))
    throw forbidden(STAFF_ONLY_MESSAGE);
}
