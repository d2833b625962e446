import * as contract from '@openpractice/contracts/practice/locations';
import { LOCATION_MESSAGES } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locations } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { badRequest } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { practiceLocations, type ManagedLocation } from './queries.ts';
import { one, saveLocation, today } from './service.ts';

/** The practice's locations: the set-up page's calls (issue 16 item 2), owners and managers only. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listLocations.path,
    { config: { access: 'manager', audit: 'none' }, schema: contract.listLocations.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const all = await practiceLocations(
        app.db,
        practiceId,
        await today(app.db, practiceId, app.now()),
      );
      const withInactive = request.query.includeInactive === 'true';
      return { data: withInactive ? all : all.filter((l) => l.active) };
    },
  );

  app.post(
    contract.saveLocation.path,
    {
      config: { access: 'manager', audit: { action: 'practice.location_saved' } },
      schema: contract.saveLocation.schema,
    },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      const { id, before, fields } = await saveLocation(
        app.db,
        practiceId,
        request.body,
        app.now(),
      );
      noteAudit(request, {
        action: before === null ? 'practice.location_added' : 'practice.location_changed',
        detail: {
          practiceLocationId: id,
          ...(before === null
            ? {}
            : {
                changed: Object.keys(fields).filter(
                  (k) => fields[k as keyof typeof fields] !== before[k as keyof ManagedLocation],
                ),
              }),
        },
      });
      const data = await one(app.db, practiceId, id, app.now());
      reply.status(before === null ? 201 : 200);
      return { data };
    },
  );

  app.post(
    contract.setLocationActive.path,
    {
      config: { access: 'manager', audit: { action: 'practice.location_active_changed' } },
      schema: contract.setLocationActive.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { practiceLocationId, active } = request.body;
      const before = await one(app.db, practiceId, practiceLocationId, app.now());
      if (!active && before.isDefault)
        throw badRequest(LOCATION_MESSAGES.deactivateDefault, 'active');
      await app.db
        .update(locations)
        .set({ active })
        .where(and(eq(locations.id, practiceLocationId), eq(locations.practiceId, practiceId)));
      noteAudit(request, {
        action: active ? 'practice.location_reactivated' : 'practice.location_deactivated',
        detail: { practiceLocationId },
      });
      return { data: await one(app.db, practiceId, practiceLocationId, app.now()) };
    },
  );
};
