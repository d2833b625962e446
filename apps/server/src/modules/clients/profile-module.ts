import type { FastifyPluginAsync } from 'fastify';
import { clinicalRoutes } from './clinical-routes.ts';
import { contactDetailsRoutes } from './contact-details-routes.ts';
import { demographicSettingsRoutes } from './demographic-settings-routes.ts';
import { formsRoutes } from './forms-routes.ts';
import { groupsRoutes } from './groups-routes.ts';
import { notesRoutes } from './notes-routes.ts';
import { photoIdRoutes } from './photo-id-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { referralFaxRoutes } from './referral-fax-routes.ts';
import { referralRoutes } from './referral-routes.ts';
import { statusRoutes } from './status-routes.ts';

/** The client profile (issue 4 item 3): every part of one client's record, and what it needs. */
export const clientProfileModule: FastifyPluginAsync = async (app) => {
  await app.register(profileRoutes);
  await app.register(notesRoutes);
  await app.register(contactDetailsRoutes);
  await app.register(statusRoutes);
  await app.register(clinicalRoutes);
  await app.register(demographicSettingsRoutes);
  await app.register(groupsRoutes);
  await app.register(referralRoutes);
  await app.register(referralFaxRoutes);
  await app.register(photoIdRoutes);
  await app.register(formsRoutes);
};
