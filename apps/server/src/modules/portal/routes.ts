import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalAccountChangeRoutes, portalAccountRoutes } from './account-routes.ts';
import { portalEmailRoutes } from './email-routes.ts';
import { portalLinkRoutes } from './link-routes.ts';
import { handlePortalSelfServiceResets } from './self-service-reset.ts';
import { loadPortalLinkKey } from './tokens.ts';

/**
 * The client portal (spec-2 §7): staff managing a client's portal account
 * under /api/patient, the emails that carry its links, and the public
 * completion of those links. The link key is loaded once for both ends.
 */
export const portalRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  const linkKey = await loadPortalLinkKey(app.db);
  // Identity's "Forgot password?" reaches the portal's links through the platform.
  handlePortalSelfServiceResets(app, linkKey);
  await app.register(portalAccountRoutes);
  await app.register(portalAccountChangeRoutes);
  await app.register(portalEmailRoutes, { linkKey });
  await app.register(portalLinkRoutes, { linkKey, publicRateLimit: options.publicRateLimit });
};
