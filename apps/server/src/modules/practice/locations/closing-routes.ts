import * as contract from '@openpractice/contracts/practice/locations';
import { LOCATION_MESSAGES } from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locations } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { badRequest } from '../../../platform/errors.ts';
import { practiceDay } from '../../../platform/practice-day.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { appointmentsFrom, availabilityFrom } from './queries.ts';
import { one, today } from './service.ts';

/** Closing a location from a day (spec-1 §2 /practice/locations/service/close). */
export const locationClosingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The listing names clients: a read of their appointments, audited with them.
  app.get(
    contract.listLocationClosing.path,
    {
      config: {
        access: 'manager',
        audit: { action: 'practice.location_closing_listed', kind: 'list' },
      },
      schema: contract.listLocationClosing.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { practiceLocationId, closesOn } = request.query;
      const location = await one(app.db, practiceId, practiceLocationId, app.now());
      const { timezone } = await practiceDay(app.db, practiceId, app.now());
      const where = { practiceId, locationId: practiceLocationId, day: closesOn };
      const [found, availability] = await Promise.all([
        appointmentsFrom(app.db, { ...where, timezone }),
        availabilityFrom(app.db, where),
      ]);
      const appointments = found.map(({ clientIds: _ids, ...shown }) => shown);
      noteAudit(request, {
        patientIds: new Set(found.flatMap((a) => a.clientIds)),
        detail: { practiceLocationId, closesOn, count: found.length },
      });
      return { data: { location, closesOn, appointments, availability } };
    },
  );

  app.post(
    contract.closeLocation.path,
    {
      config: { access: 'manager', audit: { action: 'practice.location_closed' } },
      schema: contract.closeLocation.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { practiceLocationId, closesOn } = request.body;
      const before = await one(app.db, practiceId, practiceLocationId, app.now());
      if (closesOn !== null) {
        if (closesOn < (await today(app.db, practiceId, app.now())))
          throw badRequest(LOCATION_MESSAGES.closeInPast, 'closesOn');
        if (before.isDefault) throw badRequest(LOCATION_MESSAGES.closingDefault, 'closesOn');
      }
      await app.db
        .update(locations)
        .set({ closesOn: sql`${closesOn}::date` })
        .where(and(eq(locations.id, practiceLocationId), eq(locations.practiceId, practiceId)));
      noteAudit(request, {
        action: closesOn === null ? 'practice.location_reopened' : 'practice.location_closed',
        detail: { practiceLocationId, from: before.closesOn, to: closesOn },
      });
      return { data: await one(app.db, practiceId, practiceLocationId, app.now()) };
    },
  );
};
