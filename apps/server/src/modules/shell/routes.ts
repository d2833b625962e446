import * as contract from '@openpractice/contracts/shell';
import { zonedIsoDate } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceAccounts, practices, practiceSettings } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { logoUrlsOf } from '../practice/index.ts';
import { navCounts } from './nav-counts.ts';
import { buildNavigation } from './navigation.ts';

export type ShellOptions = { environment: string; helpUrl: string };

export const shellRoutes: FastifyPluginAsyncZod<ShellOptions> = async (app, options) => {
  app.get(
    contract.getConfig.path,
    { config: { access: 'public', audit: 'none' }, schema: contract.getConfig.schema },
    () => ({
      environment: options.environment,
      /** The database holds the demo practices, whose accounts share the published password. */
      demoMode: app.demoMode,
    }),
  );

  app.get(
    contract.getNavigation.path,
    {
      config: { access: 'authenticated', audit: 'none' },
      schema: contract.getNavigation.schema,
    },
    async (request) => {
      const auth = authOf(request);
      const practiceId = auth.practiceId;
      const [row] =
        practiceId === null
          ? []
          : await app.db
              .select({
                practice: practices,
                settings: practiceSettings,
                account: practiceAccounts,
              })
              .from(practices)
              .leftJoin(practiceSettings, eq(practiceSettings.practiceId, practices.id))
              .leftJoin(practiceAccounts, eq(practiceAccounts.practiceId, practices.id))
              .where(eq(practices.id, practiceId));
      const timezone = row?.practice.timezone ?? 'America/New_York';
      return buildNavigation({
        user: auth.user,
        impersonatorName:
          auth.impersonationType === 'IMPERSONATION' ? auth.realUser.professionalName : null,
        practice: row
          ? {
              id: row.practice.id,
              name: row.practice.name,
              // The uploaded logo (issue 16): the banner, and the icon for narrow screens.
              logoUrl: logoUrlsOf(row.practice).bannerUrl,
              logoIconUrl: logoUrlsOf(row.practice).iconUrl,
            }
          : null,
        settings: row?.settings ?? null,
        account: row?.account ?? null,
        today: zonedIsoDate(app.now(), timezone),
        helpUrl: options.helpUrl,
        counts: await navCounts(app.db, auth, app.now()),
      });
    },
  );
};
