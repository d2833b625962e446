import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { practiceAccounts, practices, practiceSettings } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { buildNavigation } from './navigation.ts';

export type ShellOptions = { environment: string; helpUrl: string };

/** Today's date in a time zone, YYYY-MM-DD. */
const todayIn = (timezone: string, now: Date) =>
  now.toLocaleDateString('en-CA', { timeZone: timezone });

export const shellRoutes: FastifyPluginAsyncZod<ShellOptions> = async (app, options) => {
  app.get('/config', { config: { access: 'public', audit: 'none' } }, () => ({
    environment: options.environment,
    /** The database holds the demo practices, whose accounts share the published password. */
    demoMode: app.demoMode,
  }));

  app.get(
    '/dashboard/main/navigation',
    {
      config: { access: 'authenticated', audit: 'none' },
      schema: {
        querystring: z.object({ refreshNotifications: z.enum(['true', 'false']).optional() }),
      },
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
          ? { id: row.practice.id, name: row.practice.name, logoUrl: row.practice.logoUrl }
          : null,
        settings: row?.settings ?? null,
        account: row?.account ?? null,
        today: todayIn(timezone, app.now()),
        helpUrl: options.helpUrl,
      });
    },
  );
};
