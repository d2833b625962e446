import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientBookingRoutes } from './client-routes.ts';
import { publicDirectoryRoutes } from './directory-routes.ts';
import { publicBookingRoutes } from './public-routes.ts';
import { bookingRequestsRoutes } from './requests-routes.ts';
import { bookingSettingsRoutes } from './settings-routes.ts';

/**
 * Public therapist directory, self-booking and staff confirmation of booking
 * requests (see docs/booking-api.md). Public calls are rate limited at
 * `publicRateLimit` a minute.
 */
export const bookingModule: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  await app.register(publicDirectoryRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(publicBookingRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(clientBookingRoutes);
  await app.register(bookingRequestsRoutes);
  await app.register(bookingSettingsRoutes);
};
