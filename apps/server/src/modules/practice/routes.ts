import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceContactRoutes } from './contacts/routes.ts';
import { demographicSettingsRoutes } from './demographics/routes.ts';
import { practiceInfoRoutes } from './info/routes.ts';
import { locationClosingRoutes } from './locations/closing-routes.ts';
import { locationRoutes } from './locations/routes.ts';
import { practiceLogoRoutes } from './logo/routes.ts';
import { referenceListRoutes } from './reference-list-routes.ts';
import { feeAndOfferingRoutes } from './services/fee-routes.ts';
import { serviceRoutes } from './services/routes.ts';
import { practiceSettingsRoutes } from './settings-routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { practiceSsoRoutes } from './sso/routes.ts';

/** The caller's practice: its reference lists and its settings. */
export const practiceRoutes: FastifyPluginAsyncZod<{ publicRateLimit?: number }> = async (
  app,
  options,
) => {
  await app.register(referenceListRoutes);
  await app.register(practiceSettingsRoutes);
  await app.register(locationRoutes);
  await app.register(locationClosingRoutes);
  await app.register(serviceRoutes);
  await app.register(feeAndOfferingRoutes);
  await app.register(staffRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(practiceSsoRoutes);
  await app.register(practiceContactRoutes);
  await app.register(demographicSettingsRoutes);
  await app.register(practiceLogoRoutes);
  await app.register(practiceInfoRoutes);
};
