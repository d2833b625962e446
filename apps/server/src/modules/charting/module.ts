import type { FastifyPluginAsync } from 'fastify';
import { addendaRoutes } from './addenda-routes.ts';
import { noteReviewRoutes } from './note-review-routes.ts';
import { noteRoutes } from './note-routes.ts';
import { psychotherapyReleaseRoutes, psychotherapyRoutes } from './psychotherapy-routes.ts';
import { recordsRoutes } from './records-routes.ts';
import { sessionNoteRoutes } from './session-note-routes.ts';
import { templateRoutes } from './template-routes.ts';

/** Charting (issue 17): notes, addenda, the client's records list, lists, settings and templates. */
export const chartingModule: FastifyPluginAsync = async (app) => {
  await app.register(noteRoutes);
  await app.register(noteReviewRoutes);
  await app.register(addendaRoutes);
  await app.register(recordsRoutes);
  await app.register(sessionNoteRoutes);
  await app.register(templateRoutes);
  await app.register(psychotherapyRoutes);
  await app.register(psychotherapyReleaseRoutes);
};
