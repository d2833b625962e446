import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { practiceDemographicSettings } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { requireText, UNCHANGED } from './profile-schemas.ts';
import { DEMOGRAPHIC_OFF, loadDemographicSettings } from './profile-queries.ts';

/**
 * Which demographic fields the practice collects. The spec only says OFF
 * disables a field; ON collects it. The set of fields is the practice's
 * (created with the practice); the map saved must name only those fields.
 */
export const DEMOGRAPHIC_SETTING_VALUES = ['ON', DEMOGRAPHIC_OFF] as const;

const settingsBody = z.object({
  settings: z.record(
    z.string().min(1).max(60),
    z.object({
      label: z.string().max(100).optional(),
      value: z.enum(DEMOGRAPHIC_SETTING_VALUES),
    }),
  ),
});

export const demographicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setting/getPracticeDemographicSetting',
    { config: { access: 'practiceStaff', audit: 'none' } },
    async (request) => ({ data: await loadDemographicSettings(app.db, practiceScope(request)) }),
  );

  app.post(
    '/setting/savePracticeDemographicSetting',
    {
      // A practice setting, not client data: declared so its row commits with the change.
      config: { access: 'manager', audit: { action: 'practice.demographic_settings_changed' } },
      schema: { body: settingsBody },
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const current = await loadDemographicSettings(app.db, practiceId);
      const changes: { name: string; label: string; value: string }[] = [];
      for (const [name, wanted] of Object.entries(request.body.settings)) {
        const existing = current[name];
        if (!existing) {
          throw badRequest(`'${name}' is not a demographic field of this practice.`, 'settings');
        }
        const label =
          wanted.label === undefined
            ? existing.label
            : requireText(wanted.label, `settings.${name}.label`);
        if (label !== existing.label || wanted.value !== existing.value) {
          changes.push({ name, label, value: wanted.value });
        }
      }
      if (changes.length === 0) return UNCHANGED;
      for (const change of changes) {
        await app.db
          .update(practiceDemographicSettings)
          .set({ label: change.label, value: change.value })
          .where(
            and(
              eq(practiceDemographicSettings.practiceId, practiceId),
              eq(practiceDemographicSettings.name, change.name),
            ),
          );
      }
      noteAudit(request, {
        detail: Object.fromEntries(
          changes.map((c) => [c.name, { from: current[c.name]?.value, to: c.value }]),
        ),
      });
      return { status: 'saved' as const, data: await loadDemographicSettings(app.db, practiceId) };
    },
  );
};
