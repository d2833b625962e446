import * as contract from '@openpractice/contracts/charting/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { managedTemplates, saveTemplateVersion } from './template-versions.ts';

/**
 * The practice's note templates for managers (issue 17 item 1): the list with every
 * version, and a new version of one. Templates hold no client data; a new version is a
 * practice setting change and is audited as one.
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listManagedTemplates.path,
    {
      config: { access: 'manager', audit: 'none' },
      schema: contract.listManagedTemplates.schema,
    },
    async (request) => ({ data: await managedTemplates(app.db, practiceScope(request)) }),
  );

  app.post(
    contract.saveTemplateVersion.path,
    {
      config: { access: 'manager', audit: { action: 'practice.note_template_versioned' } },
      schema: contract.saveTemplateVersion.schema,
    },
    async (request) => {
      const saved = await saveTemplateVersion(
        app.db,
        practiceScope(request),
        request.params.key,
        request.body,
        app.now(),
      );
      // Which template and version, and its shape (never more is needed to follow the change).
      noteAudit(request, {
        detail: {
          key: request.params.key,
          version: saved.current.version,
          sections: saved.current.sections.length,
          fields: saved.current.sections.reduce((n, s) => n + s.fields.length, 0),
        },
      });
      return { data: saved };
    },
  );
};
