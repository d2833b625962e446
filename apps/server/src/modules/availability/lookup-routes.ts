import {
  AVAILABILITY_MESSAGES,
  isAvailabilityLookupRangeAllowed,
  remainingRanges,
} from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { availabilityInWindow } from '../calendar/queries.ts';
import {
  busyRanges,
  defaultLocation,
  individualProducts,
  locationsClientsSee,
  type BookableProduct,
} from './queries.ts';
import { productsQuery, remainingBody, therapistQuery } from './schemas.ts';
import { editableTherapist, practiceToday } from './scope.ts';

const DAY_MS = 86_400_000;

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
    '/availability/getDefaultPracticeLocation',
    { config: { access: 'practice', audit: 'none' } },
    async (request) => {
      const location = await defaultLocation(app.db, practiceScope(request));
      if (!location) throw notFound(AVAILABILITY_MESSAGES.noDefaultLocation);
      return { data: location };
    },
  );

  app.get(
    '/availability/getTherapistLocationsThatClientsSee',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: therapistQuery } },
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
    '/availability/findProductsForClientByTherapistIds',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: productsQuery } },
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
    '/availability/getTelehealthCapabilityForTherapist',
    { config: { access: 'availability', audit: 'none' }, schema: { querystring: therapistQuery } },
    async (request) => {
      const { therapist } = await editableTherapist(app.db, request, request.query.therapistId);
      return { data: { therapistId: therapist.id, hasTelehealth: therapist.hasTelehealth } };
    },
  );

  app.post(
    '/availability/findRemainingAvailability',
    { config: { access: 'availability', audit: 'none' }, schema: { body: remainingBody } },
    async (request) => {
      const body = request.body;
      const { practiceId, therapist } = await editableTherapist(app.db, request, body.therapistId);
      // spec-1 §5, §9: a lookup over more than 7 days returns nothing.
      if (!isAvailabilityLookupRangeAllowed(body.spanFrom, body.spanTo)) return { data: [] };
      const last =
        body.spanTo > body.spanFrom
          ? new Date(Date.parse(body.spanTo) - DAY_MS).toISOString().slice(0, 10)
          : body.spanFrom;
      const blocks = await availabilityInWindow(app.db, {
        practiceId,
        therapistIds: [therapist.id],
        locationIds: undefined,
        from: body.spanFrom,
        to: last,
      });
      if (blocks.length === 0) return { data: [] };
      const starts = blocks.map((b) => b.start_date_time).sort();
      const ends = blocks.map((b) => b.end_date_time).sort();
      const busy = await busyRanges(app.db, {
        practiceId,
        therapistId: therapist.id,
        from: starts[0] ?? '',
        to: ends.at(-1) ?? '',
      });
      // Time already past is not available any more.
      const past = { start: new Date(0).toISOString(), end: app.now().toISOString() };
      return {
        data: blocks.flatMap((block) =>
          remainingRanges({ start: block.start_date_time, end: block.end_date_time }, [
            past,
            ...busy,
          ]).map((free) => ({
            therapistId: therapist.id,
            date: block.date,
            availability_day_id: block.availability_day_id,
            practice_location_id: block.practice_location_id,
            start_date_time: free.start,
            end_date_time: free.end,
            online_scheduling: block.online_scheduling,
            schedule_every: block.schedule_every,
            in_person_enabled: block.in_person_enabled,
            teletherapy_enabled: block.teletherapy_enabled,
          })),
        ),
      };
    },
  );
};
