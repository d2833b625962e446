import { INACTIVITY_LOCKOUT_MAX_MINUTES } from '@openpractice/domain';
import { and, asc, eq } from 'drizzle-orm';
import { practiceScope } from '../../platform/access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  locations,
  practices,
  practiceSettings,
  serviceLocations,
  therapists,
} from '../../db/schema/index.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { notFound } from '../../platform/errors.ts';

const includeInactive = z.object({ includeInactive: z.enum(['true', 'false']).optional() });

/** Practice reference lists, always scoped to the caller's practice. */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/practice/listTherapists',
    { config: { access: 'practice', audit: 'none' }, schema: { querystring: includeInactive } },
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
    '/practice/listPracticeLocations',
    { config: { access: 'practice', audit: 'none' } },
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
    '/practice/listPracticeServiceLocations',
    { config: { access: 'practice', audit: 'none' } },
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

  const loadSettings = async (practiceId: number) => {
    const [row] = await app.db
      .select({
        practiceName: practices.name,
        timezone: practices.timezone,
        inactivityLockoutMinutes: practiceSettings.inactivityLockoutMinutes,
        features: practiceSettings.features,
      })
      .from(practices)
      .innerJoin(practiceSettings, eq(practiceSettings.practiceId, practices.id))
      .where(eq(practices.id, practiceId));
    if (!row) throw notFound('Practice settings were not found.');
    return row;
  };

  app.get(
    '/practice/listPracticeSettings',
    { config: { access: 'practice', audit: 'none' } },
    async (request) => ({
      data: await loadSettings(practiceScope(request)),
    }),
  );

  app.put(
    '/practice/settings',
    {
      config: { access: 'settings', audit: { action: 'practice.settings_changed' } },
      schema: {
        body: z.object({
          /** 0 turns the inactivity lock off; at most a working day. */
          inactivityLockoutMinutes: z.number().int().min(0).max(INACTIVITY_LOCKOUT_MAX_MINUTES),
        }),
      },
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const before = await loadSettings(practiceId);
      await app.db
        .update(practiceSettings)
        .set({
          inactivityLockoutMinutes: request.body.inactivityLockoutMinutes,
          updatedAt: app.now(),
        })
        .where(eq(practiceSettings.practiceId, practiceId));
      noteAudit(request, {
        detail: {
          inactivityLockoutMinutes: {
            from: before.inactivityLockoutMinutes,
            to: request.body.inactivityLockoutMinutes,
          },
        },
      });
      return { data: await loadSettings(practiceId) };
    },
  );
};
