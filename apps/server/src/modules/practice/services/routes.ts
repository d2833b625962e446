import * as contract from '@openpractice/contracts/practice/services';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { products } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { activeWithCode, practiceServices } from './queries.ts';
import { cptTaken, requireService, saveService } from './service.ts';

/** The practice's services and fees (issue 16 item 3), owners and managers only. */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listServices.path,
    { config: { access: 'manager', audit: 'none' }, schema: contract.listServices.schema },
    async (request) => ({
      data: await practiceServices(
        app.db,
        practiceScope(request),
        request.query.includeInactive === 'true',
      ),
    }),
  );

  app.post(
    contract.saveService.path,
    {
      config: { access: 'manager', audit: { action: 'practice.service_saved' } },
      schema: contract.saveService.schema,
    },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      const { id, before, fields } = await saveService(app.db, practiceId, request.body);
      noteAudit(request, {
        action: before === null ? 'practice.service_added' : 'practice.service_changed',
        detail: {
          productId: id,
          cptCode: fields.cptCode,
          ...(before && before.feeCents !== fields.feeCents
            ? { feeCents: { from: before.feeCents, to: fields.feeCents } }
            : {}),
        },
      });
      reply.status(before === null ? 201 : 200);
      return { data: await requireService(app.db, practiceId, id) };
    },
  );

  app.post(
    contract.setServiceActive.path,
    {
      config: { access: 'manager', audit: { action: 'practice.service_active_changed' } },
      schema: contract.setServiceActive.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { productId, active } = request.body;
      const before = await requireService(app.db, practiceId, productId);
      if (
        active &&
        !before.active &&
        (await activeWithCode(app.db, { practiceId, cptCode: before.cptCode, exceptId: productId }))
      )
        throw cptTaken(before.cptCode);
      await app.db
        .update(products)
        .set(active ? { active } : { active, isDefault: false })
        .where(and(eq(products.id, productId), eq(products.practiceId, practiceId)));
      noteAudit(request, {
        action: active ? 'practice.service_reactivated' : 'practice.service_deactivated',
        detail: { productId, cptCode: before.cptCode },
      });
      return { data: await requireService(app.db, practiceId, productId) };
    },
  );
};
