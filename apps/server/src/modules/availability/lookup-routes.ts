import * as contract from '@openpractice/contracts/availability/lookups';
import { AVAILABILITY_MESSAGES } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import {
  defaultLocation,
  individualProducts,
  locationsClientsSee,
  type BookableProduct,
} from './queries.ts';
import { remainingAvailability } from './remaining-availability.ts';
import { editableTherapist, practiceToday } from './scope.ts';

/** The therapist's own default first, then the practice's default, then by CPT code. */
function productsInOrder(
  products: readonly BookableProduct[],
  therapistDefaultId: number | null,
): BookableProduct[] {
  const rank = (p: BookableProduct) =>
    p.productId === therapistDefaultId ? 0 : p.isDefault ? 1 : 2;
  return [...products].sort((a, b) => rank(a) - rank(b));
}

/**
 * What the editor and booking read around availability: the default
 * location, the locations clients see, the products offered, telehealth, and
 * the availability left after bookings (docs/availability-api.md).
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getDefaultPracticeLocation.path,
    {
      config: { access: 'practice', audit: 'none' },
      schema: contract.getDefaultPracticeLocation.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const today = await practiceToday(app.db, practiceId, app.now());
      const location = await defaultLocation(app.db, practiceId, today);
      if (!location) throw notFound(AVAILABILITY_MESSAGES.noDefaultLocation);
      return { data: location };
    },
  );

  app.get(
    contract.getTherapistLocationsThatClientsSee.path,
    {
      config: { access: 'availability', audit: 'none' },
      schema: contract.getTherapistLocationsThatClientsSee.schema,
    },
    async (request) => {
      const { practiceId, therapist } = await editableTherapist(
        app.db,
        request,
        request.query.therapistId,
      );
      const today = await practiceToday(app.db, practiceId, app.now());
      return {
        data: await locationsClientsSee(app.db, { practiceId, therapistId: therapist.id, today }),
      };
    },
  );

  app.get(
    contract.findProductsForClientByTherapistIds.path,
    {
      config: { access: 'availability', audit: 'none' },
      schema: contract.findProductsForClientByTherapistIds.schema,
    },
    async (request) => {
      const ids = [...new Set(request.query.therapistIds)];
      const therapists = [];
      for (const id of ids)
        therapists.push((await editableTherapist(app.db, request, id)).therapist);
      const products = await individualProducts(app.db, practiceScope(request));
      return {
        data: therapists.map((t) => ({
          therapistId: t.id,
          products: productsInOrder(
            products.filter((p) => !p.isTelehealth || t.hasTelehealth),
            t.defaultProductId,
          ),
        })),
      };
    },
  );

  app.get(
    contract.getTelehealthCapabilityForTherapist.path,
    {
      config: { access: 'availability', audit: 'none' },
      schema: contract.getTelehealthCapabilityForTherapist.schema,
    },
    async (request) => {
      const { therapist } = await editableTherapist(app.db, request, request.query.therapistId);
      return { data: { therapistId: therapist.id, hasTelehealth: therapist.hasTelehealth } };
    },
  );

  app.post(
    contract.findRemainingAvailability.path,
    {
      config: { access: 'availability', audit: 'none' },
      schema: contract.findRemainingAvailability.schema,
    },
    async (request) => {
      const body = request.body;
      const { practiceId, therapist } = await editableTherapist(app.db, request, body.therapistId);
      return {
        data: await remainingAvailability(app.db, {
          practiceId,
          therapistId: therapist.id,
          spanFrom: body.spanFrom,
          spanTo: body.spanTo,
          now: app.now(),
        }),
      };
    },
  );
};
