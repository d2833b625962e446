import * as contract from '@openpractice/contracts/practice/demographics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../../platform/access.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { UNCHANGED } from '../../../platform/validation.ts';
import { enabledDemographicsOf, loadDemographicSettings } from './queries.ts';
import { saveDemographicSettings } from './service.ts';

/**
 * Which demographic fields the practice collects (spec-1 §2
 * /practice/demographicSettings; spec-2 §7). Staff read them (the profile's
 * demographics tab follows them), managers change them, and registration
 * (staff or the client themself) lists the enabled ones.
 */
export const demographicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getPracticeDemographicSetting.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.getPracticeDemographicSetting.schema,
    },
    async (request) => ({ data: await loadDemographicSettings(app.db, practiceScope(request)) }),
  );

  app.get(
    contract.listEnabledPatientDemographics.path,
    {
      config: { access: 'practice', audit: 'none' },
      schema: contract.listEnabledPatientDemographics.schema,
    },
    async (request) => ({
      data: enabledDemographicsOf(await loadDemographicSettings(app.db, practiceScope(request))),
    }),
  );

  app.post(
    contract.savePracticeDemographicSetting.path,
    {
      // A practice setting, not client data: declared so its row commits with the change.
      config: { access: 'manager', audit: { action: 'practice.demographic_settings_changed' } },
      schema: contract.savePracticeDemographicSetting.schema,
    },
    async (request) => {
      const saved = await saveDemographicSettings(
        app.db,
        practiceScope(request),
        request.body.settings,
      );
      if (!saved) return UNCHANGED;
      noteAudit(request, { detail: saved.detail });
      return { status: 'saved' as const, data: saved.data };
    },
  );
};
