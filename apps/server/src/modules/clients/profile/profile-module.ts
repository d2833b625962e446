import type { FastifyPluginAsync } from 'fastify';
import { ownAppointmentsRoutes } from './own-appointments-routes.ts';
import { appointmentsRoutes } from './appointments-routes.ts';
import { basicDetailsRoutes, demographicsRoutes } from './basic-details-routes.ts';
import { clinicalRoutes, icd10Routes } from './clinical-routes.ts';
import { contactDetailDeleteRoutes, contactDetailsRoutes } from './contact-details-routes.ts';
import { formsRoutes } from './forms-routes.ts';
import { groupMembershipRoutes, groupsRoutes } from './groups-routes.ts';
import { notesRoutes, reasonForAppointmentRoutes } from './notes-routes.ts';
import { photoIdAnalysisRoutes, photoIdRoutes } from './photo-id-routes.ts';
import { profileFactsRoutes, profileRoutes } from './profile-routes.ts';
import { referralFaxListRoutes, referralFaxRoutes } from './referral-fax-routes.ts';
import { referralRoutes } from './referral-routes.ts';
import { statusRoutes } from './status-routes.ts';

/** The client profile (issue 4 item 3): every part of one client's record, and what it needs. */
export const clientProfileModule: FastifyPluginAsync = async (app) => {
  await app.register(profileRoutes);
  await app.register(profileFactsRoutes);
  await app.register(basicDetailsRoutes);
  await app.register(demographicsRoutes);
  await app.register(notesRoutes);
  await app.register(reasonForAppointmentRoutes);
  await app.register(contactDetailsRoutes);
  await app.register(contactDetailDeleteRoutes);
  await app.register(statusRoutes);
  await app.register(clinicalRoutes);
  await app.register(icd10Routes);
  await app.register(groupsRoutes);
  await app.register(groupMembershipRoutes);
  await app.register(referralRoutes);
  await app.register(referralFaxRoutes);
  await app.register(referralFaxListRoutes);
  await app.register(photoIdRoutes);
  await app.register(photoIdAnalysisRoutes);
  await app.register(formsRoutes);
  await app.register(appointmentsRoutes);
  await app.register(ownAppointmentsRoutes);
};
