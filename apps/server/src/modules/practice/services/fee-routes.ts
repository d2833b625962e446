import * as contract from '@openpractice/contracts/practice/services';
import { SERVICE_MESSAGES } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceInsurances, therapistProducts, therapists } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { badRequest } from '../../../platform/errors.ts';
import { practiceDay } from '../../../platform/practice-day.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { allServicesOf, feeSchedules, offerings, writeFees } from './queries.ts';

/**
 * Fee schedules per payer (payers are the insurance area's practice_insurances, read through
 * the schema) and which therapists offer which services. Owners and managers only.
 */
export const feeAndOfferingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listFeeSchedules.path,
    { config: { access: 'manager', audit: 'none' }, schema: contract.listFeeSchedules.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const { today } = await practiceDay(app.db, practiceId, app.now());
      return { data: await feeSchedules(app.db, practiceId, today) };
    },
  );

  app.put(
    contract.saveFeeSchedule.path,
    {
      config: { access: 'manager', audit: { action: 'practice.fee_schedule_changed' } },
      schema: contract.saveFeeSchedule.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { practice_insurance_id: payerId, fees } = request.body;
      const [payer] = await app.db
        .select({ id: practiceInsurances.id })
        .from(practiceInsurances)
        .where(
          and(eq(practiceInsurances.id, payerId), eq(practiceInsurances.practiceId, practiceId)),
        );
      if (!payer) throw badRequest(SERVICE_MESSAGES.payerNotFound, 'practice_insurance_id');
      const ids = fees.map((f) => f.productId);
      if (new Set(ids).size !== ids.length)
        throw badRequest('Give each service’s fee once.', 'fees');
      if (!(await allServicesOf(app.db, practiceId, ids, false)))
        throw badRequest(SERVICE_MESSAGES.serviceNotFound, 'fees');
      const cleared = await writeFees(app.db, { practiceId, payerId, fees, now: app.now() });
      noteAudit(request, {
        detail: {
          practice_insurance_id: payerId,
          set: fees.length - cleared,
          cleared,
        },
      });
      return { data: { changed: fees.length } };
    },
  );

  app.get(
    contract.listOfferings.path,
    { config: { access: 'manager', audit: 'none' }, schema: contract.listOfferings.schema },
    async (request) => ({ data: await offerings(app.db, practiceScope(request)) }),
  );

  app.put(
    contract.saveOfferings.path,
    {
      config: { access: 'manager', audit: { action: 'practice.offerings_changed' } },
      schema: contract.saveOfferings.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { therapistId } = request.body;
      const productIds = [...new Set(request.body.productIds)].sort((a, b) => a - b);
      const [therapist] = await app.db
        .select({ id: therapists.id })
        .from(therapists)
        .where(and(eq(therapists.id, therapistId), eq(therapists.practiceId, practiceId)));
      if (!therapist) throw badRequest(SERVICE_MESSAGES.therapistNotFound, 'therapistId');
      if (!(await allServicesOf(app.db, practiceId, productIds, true)))
        throw badRequest(SERVICE_MESSAGES.serviceNotFound, 'productIds');
      await app.db.delete(therapistProducts).where(eq(therapistProducts.therapistId, therapistId));
      if (productIds.length > 0)
        await app.db
          .insert(therapistProducts)
          .values(productIds.map((productId) => ({ practiceId, therapistId, productId })));
      noteAudit(request, { detail: { therapistId, productIds } });
      return { data: { therapistId, productIds } };
    },
  );
};
