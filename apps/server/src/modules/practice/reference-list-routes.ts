import * as contract from '@openpractice/contracts/practice';
import { and, asc, eq } from 'drizzle-orm';
import { practiceScope } from '../../platform/access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locations, serviceLocations, therapists } from '../../db/schema/index.ts';

/** Practice reference lists, always scoped to the caller's practice. */
export const referenceListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listTherapists.path,
    { config: { access: 'practice', audit: 'none' }, schema: contract.listTherapists.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const all = request.query.includeInactive === 'true';
      return {
        data: await app.db
          .select({
            id: therapists.id,
            userId: therapists.userId,
            active: therapists.active,
            practitionerFirstName: therapists.firstName,
            practitionerLastName: therapists.lastName,
            credentials: therapists.credentials,
          })
          .from(therapists)
          .where(
            and(
              eq(therapists.practiceId, practiceId),
              all ? undefined : eq(therapists.active, true),
            ),
          )
          .orderBy(asc(therapists.lastName), asc(therapists.firstName)),
      };
    },
  );

  app.get(
    contract.listPracticeLocations.path,
    {
      config: { access: 'practice', audit: 'none' },
      schema: contract.listPracticeLocations.schema,
    },
    async (request) => ({
      data: await app.db
        .select({
          practiceLocationId: locations.id,
          name: locations.name,
          color: locations.color,
          addressLine1: locations.addressLine1,
          city: locations.city,
          state: locations.state,
          zipcode: locations.zipcode,
          isDefault: locations.isDefault,
          active: locations.active,
        })
        .from(locations)
        .where(eq(locations.practiceId, practiceScope(request)))
        .orderBy(asc(locations.name)),
    }),
  );

  app.get(
    contract.listPracticeServiceLocations.path,
    {
      config: { access: 'practice', audit: 'none' },
      schema: contract.listPracticeServiceLocations.schema,
    },
    async (request) => ({
      data: await app.db
        .select({
          id: serviceLocations.id,
          name: serviceLocations.name,
          placeOfServiceCode: serviceLocations.placeOfServiceCode,
          practiceLocationId: serviceLocations.locationId,
          active: serviceLocations.active,
        })
        .from(serviceLocations)
        .where(eq(serviceLocations.practiceId, practiceScope(request)))
        .orderBy(asc(serviceLocations.placeOfServiceCode)),
    }),
  );
};
