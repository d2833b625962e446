import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listenToBillableSessions } from '../../platform/billable-sessions.ts';
import { claimAttendedSession } from './claims-service.ts';
import { claimsPrintRoutes } from './claims-print-routes.ts';
import { claimsRoutes } from './claims-routes.ts';
import { eraRoutes } from './era-routes.ts';
import { claimSetupRoutes } from './setup-routes.ts';

/** Insurance claims (issue 20): the claim set-up, claims from sessions and their lists. */
export const claimsModule: FastifyPluginAsyncZod = async (app) => {
  // Attendance (calendar) and a signed note (charting) make claims through the platform, in
  // their own transaction, so neither imports claims.
  listenToBillableSessions('claims', (db, event) => claimAttendedSession(db, event, app.now()));
  await app.register(claimSetupRoutes);
  await app.register(claimsRoutes);
  await app.register(claimsPrintRoutes);
  await app.register(eraRoutes);
};
