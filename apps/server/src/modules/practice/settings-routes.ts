import * as contract from '@openpractice/contracts/practice';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practices, practiceSettings } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';

/** The caller's practice settings: read by every practice user, changed by settings users (audited). */
export const practiceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    contract.listPracticeSettings.path,
    { config: { access: 'practice', audit: 'none' }, schema: contract.listPracticeSettings.schema },
    async (request) => ({
      data: await loadSettings(practiceScope(request)),
    }),
  );

  app.put(
    contract.updatePracticeSettings.path,
    {
      config: { access: 'settings', audit: { action: 'practice.settings_changed' } },
      schema: contract.updatePracticeSettings.schema,
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
