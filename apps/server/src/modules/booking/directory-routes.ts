import * as directory from '@openpractice/contracts/booking/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.ts';
import { directoryFilters, practiceDirectoryOpen, searchDirectory } from './directory-queries.ts';
import { PRACTICE_DIRECTORY_NOT_FOUND } from './messages.ts';
import { listedProfileOr404, publicReadConfig } from './public-access.ts';
import { defaultService } from './slots.ts';

/**
 * The public therapist directory (spec-1 §2 Public routes: no sign-in): its filters, the
 * search, one therapist's profile. It answers only what a practice publishes: listed
 * therapists of practices whose directory is on. Booking them is public-routes.ts.
 */
export const publicDirectoryRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  const limited = publicReadConfig(options.publicRateLimit);

  app.get(
    directory.directoryFilters.path,
    { config: limited, schema: directory.directoryFilters.schema },
    async (request) => {
      const { practiceId } = request.query;
      if (practiceId !== undefined && !(await practiceDirectoryOpen(app.db, practiceId)))
        throw notFound(PRACTICE_DIRECTORY_NOT_FOUND);
      return { data: await directoryFilters(app.db, practiceId, app.now()) };
    },
  );

  app.get(
    directory.searchDirectory.path,
    { config: limited, schema: directory.searchDirectory.schema },
    async (request) => {
      const page = await searchDirectory(app.db, request.query, app.now());
      return { ...page, limit: request.query.limit, offset: request.query.offset };
    },
  );

  app.get(
    directory.getTherapistProfile.path,
    { config: limited, schema: directory.getTherapistProfile.schema },
    async (request) => {
      const profile = await listedProfileOr404(app.db, request.query.therapistId, app.now());
      const service = await defaultService(app.db, profile.practiceId);
      return { data: { ...profile, defaultDurationMinutes: service.durationMinutes } };
    },
  );
};
