import * as contract from '@openpractice/contracts/practice/sso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../../platform/access.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { loadSsoSettings, removeSso, saveSso, testIssuer } from './sso-settings.ts';

/**
 * The practice's single sign-on settings (spec-1 §2 /practice/settings/sso):
 * owners and managers only (whoever sets the provider decides how everyone in
 * the practice signs in), never support staff acting as them; every change audited.
 */
export const practiceSsoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getSsoSettings.path,
    { config: { access: 'manager', audit: 'none' }, schema: contract.getSsoSettings.schema },
    async (request) => ({
      data: await loadSsoSettings(app.db, practiceScope(request), app.publicUrl),
    }),
  );

  app.put(
    contract.saveSsoSettings.path,
    {
      config: {
        access: 'manager',
        audit: { action: 'practice.sso_saved' },
        notWhileImpersonating: true,
      },
      schema: contract.saveSsoSettings.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const detail = await saveSso(
        app.db,
        {
          practiceId,
          userId: authOf(request).user.id,
          now: app.now(),
          key: app.auditKey,
          policy: app.outboundFetch,
        },
        request.body,
      );
      noteAudit(request, { detail });
      return { data: await loadSsoSettings(app.db, practiceId, app.publicUrl) };
    },
  );

  app.post(
    contract.testSsoConnection.path,
    {
      config: {
        access: 'manager',
        audit: 'none',
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: contract.testSsoConnection.schema,
    },
    async (request) => ({ data: await testIssuer(request.body.issuer, app.outboundFetch) }),
  );

  app.delete(
    contract.removeSsoSettings.path,
    {
      config: {
        access: 'manager',
        audit: { action: 'practice.sso_removed' },
        notWhileImpersonating: true,
      },
      schema: contract.removeSsoSettings.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      noteAudit(request, { detail: await removeSso(app.db, practiceId) });
      return { data: await loadSsoSettings(app.db, practiceId, app.publicUrl) };
    },
  );
};
