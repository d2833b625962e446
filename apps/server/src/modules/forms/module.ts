import type { FastifyPluginAsync } from 'fastify';
import { handleClientCheckIns } from '../../platform/client-check-ins.ts';
import { definitionRoutes, definitionWriteRoutes } from './definition-routes.ts';
import { giveScheduledMeasures } from './measure-check-in.ts';
import { measureRoutes } from './measure-routes.ts';
import { pdfFormDefinitionRoutes, pdfFormResponseRoutes } from './pdf-form-routes.ts';
import { portalFormRoutes, portalFormSigningRoutes } from './portal-routes.ts';
import { revocationRoutes } from './revocation-routes.ts';
import { staffFormRoutes, staffResponseRoutes } from './staff-routes.ts';

/** Forms and measurement-based care (issue 18): definitions, library, assignments, portal, measures. */
export const formsModule: FastifyPluginAsync = async (app) => {
  handleClientCheckIns(giveScheduledMeasures);
  await app.register(definitionRoutes);
  await app.register(definitionWriteRoutes);
  await app.register(staffFormRoutes);
  await app.register(staffResponseRoutes);
  await app.register(portalFormRoutes);
  await app.register(portalFormSigningRoutes);
  await app.register(revocationRoutes);
  await app.register(measureRoutes);
  await app.register(pdfFormDefinitionRoutes);
  await app.register(pdfFormResponseRoutes);
};
