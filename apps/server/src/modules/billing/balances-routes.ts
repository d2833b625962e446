import * as contract from '@openpractice/contracts/billing/balances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { openBalances, openCredits } from './balances-queries.ts';

type Listed = { data: { patientId: number }[] };
const listedClients = (result: never) => (result as Listed).data.map((row) => row.patientId);

/** Open balances and open credits (issue 19 item 2): billing staff's practice-wide lists. */
export const balancesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listOpenBalances.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.open_balances_listed', kind: 'list', returned: listedClients },
      },
      schema: contract.listOpenBalances.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const { today } = await practiceDay(app.db, practiceId, app.now());
      return openBalances(app.db, { practiceId, ...request.query }, today);
    },
  );

  app.get(
    contract.listOpenCredits.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.open_credits_listed', kind: 'list', returned: listedClients },
      },
      schema: contract.listOpenCredits.schema,
    },
    async (request) =>
      openCredits(app.db, { practiceId: practiceScope(request), ...request.query }),
  );
};
