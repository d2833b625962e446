import helmet from '@fastify/helmet';
import { hasRole } from '@openpractice/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/** One year, with subdomains: what helmet sent before, now only where it means something. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** 403 message of the API document for a signed-in caller who is not staff. */
export const STAFF_ONLY_MESSAGE = 'The API document is for practice and support staff.';

/**
 * Security headers. The CSP allows only what the app uses: its own scripts
 * (no inline scripts), inline styles (MUI/emotion inject style tags), images
 * from itself, data: and blob: (previews), and framing only by itself.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
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
  });
  // request.protocol follows the trust-proxy setting, so only a trusted proxy can say HTTPS.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
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
