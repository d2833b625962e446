import * as contract from '@openpractice/contracts/claims/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { saveClaimSetup } from './setup-save.ts';
import { loadClaimSetup } from './setup-store.ts';

/**
 * Claim set-up (issue 20 item 1; spec-1 §2 `/perclaim/setup`): the billing role, as the
 * claim pages. It holds no client's data, so reading it is not an audited access; saving is
 * audited in the save's own transaction (the platform's declared route), never with the
 * clearinghouse secret, the TIN or an NPI in the row.
 */
export const claimSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getClaimSetup.path,
    { config: { access: 'billing', audit: 'none' }, schema: contract.getClaimSetup.schema },
    async (request) => ({ data: await loadClaimSetup(app.db, practiceScope(request)) }),
  );

  app.put(
    contract.saveClaimSetup.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'claims.setup_saved' },
        // It decides where the practice's claim files (PHI) go and under whose secret: the
        // practice's own staff do it, never support staff acting as them (as Stripe and SSO).
        notWhileImpersonating: true,
      },
      schema: contract.saveClaimSetup.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const detail = await saveClaimSetup(
        app.db,
        { practiceId, userId: authOf(request).user.id, now: app.now(), key: app.auditKey },
        request.body,
      );
      noteAudit(request, { detail });
      return { data: await loadClaimSetup(app.db, practiceId) };
    },
  );
};
