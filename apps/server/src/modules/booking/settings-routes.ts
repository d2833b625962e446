import * as contract from '@openpractice/contracts/booking/settings';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceSettings } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';

/**
 * The practice's online booking settings (role 'settings': owners, managers,
 * staff administrators): whether a booking is confirmed at once ('instant')
 * or waits for staff ('request'), and whether the public directory lists
 * the practice's therapists.
 */
export const bookingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (practiceId: number) => {
    const [row] = await app.db
      .select({
        selfBookingMode: practiceSettings.selfBookingMode,
        publicDirectoryEnabled: practiceSettings.publicDirectoryEnabled,
      })
      .from(practiceSettings)
      .where(eq(practiceSettings.practiceId, practiceId));
    if (!row) throw notFound('Practice settings were not found.');
    return { practiceId, ...row };
  };

  app.get(
    contract.getBookingSettings.path,
    { config: { access: 'settings', audit: 'none' }, schema: contract.getBookingSettings.schema },
    async (request) => ({
      data: await load(practiceScope(request)),
    }),
  );

  app.post(
    contract.updateBookingSettings.path,
    // Practice settings, not client data: audited as a practice event.
    {
      config: { access: 'settings', audit: 'none' },
      schema: contract.updateBookingSettings.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const before = await load(practiceId);
      const changes = {
        ...(request.body.selfBookingMode === undefined
          ? {}
          : { selfBookingMode: request.body.selfBookingMode }),
        ...(request.body.publicDirectoryEnabled === undefined
          ? {}
          : { publicDirectoryEnabled: request.body.publicDirectoryEnabled }),
      };
      await app.db
        .update(practiceSettings)
        .set({ ...changes, updatedAt: app.now() })
        .where(eq(practiceSettings.practiceId, practiceId));
      const detail = Object.fromEntries(
        Object.entries(changes).map(([key, to]) => [
          key,
          { from: before[key as keyof typeof changes], to },
        ]),
      );
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'practice.settings_changed',
        detail,
      });
      return { data: await load(practiceId) };
    },
  );
};
