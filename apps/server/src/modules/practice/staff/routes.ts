import * as contract from '@openpractice/contracts/practice/staff';
import { grantableAuthorities } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { therapists, users } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { conflict } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { staffAccountRoutes } from './account-routes.ts';
import { staffInviteRoutes } from './invite-routes.ts';
import { staffLinkRoutes } from './link-routes.ts';
import { asMember, listStaffRows, loadStaffRow } from './queries.ts';
import {
  actorOf,
  changeRoles,
  requireFreeEmail,
  requireManageable,
  settingsRoute,
} from './service.ts';
import { handleStaffSelfServiceResets } from './self-service-reset.ts';
import { staffTherapistRoutes } from './therapist-routes.ts';

/**
 * `/practice/settings/staff` (issue 16 item 1): the practice's staff accounts,
 * their roles, therapist details and supervision, external agents' therapists;
 * the account actions and the public end of the emailed links are their own plugins.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ publicRateLimit?: number }> = async (
  app,
  options,
) => {
  // Identity's "Forgot password?" reaches the staff links through the platform.
  handleStaffSelfServiceResets(app);
  await app.register(staffInviteRoutes);
  await app.register(staffTherapistRoutes);
  await app.register(staffAccountRoutes);
  await app.register(staffLinkRoutes, { publicRateLimit: options.publicRateLimit ?? 30 });

  app.get(
    contract.listStaff.path,
    { config: { access: 'settings', audit: 'none' }, schema: contract.listStaff.schema },
    async (request) => {
      const actor = actorOf(request);
      const rows = await listStaffRows(
        app.db,
        practiceScope(request),
        request.query.includeInactive === 'true',
      );
      return {
        data: rows.map((row) => asMember(row, actor.authorities)),
        grantable: grantableAuthorities(actor.authorities),
        me: actor.userId,
      };
    },
  );

  app.put(
    contract.updateStaffDetails.path,
    {
      ...settingsRoute('practice.staff_details_changed'),
      schema: contract.updateStaffDetails.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const actor = actorOf(request);
      const target = await loadStaffRow(app.db, practiceId, request.params.userId);
      requireManageable(actor, target);
      if (target.type !== 'staff') throw conflict(NOT_A_STAFF_USER);
      const body = request.body;
      await requireFreeEmail(app.db, practiceId, body.email, target.userId);
      const next = {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        professionalName: body.professionalName ?? `${body.firstName} ${body.lastName}`,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
        (key) => next[key] !== target[key],
      );
      await app.db.update(users).set(next).where(eq(users.id, target.userId));
      await app.db
        .update(therapists)
        .set({ firstName: next.firstName, lastName: next.lastName })
        .where(and(eq(therapists.userId, target.userId), eq(therapists.practiceId, practiceId)));
      noteAudit(request, { detail: { userId: target.userId, changed } });
      return {
        data: asMember(await loadStaffRow(app.db, practiceId, target.userId), actor.authorities),
      };
    },
  );

  app.put(
    contract.updateStaffRoles.path,
    { ...settingsRoute('practice.staff_roles_changed'), schema: contract.updateStaffRoles.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const actor = actorOf(request);
      const target = await loadStaffRow(app.db, practiceId, request.params.userId);
      if (target.type !== 'staff') throw conflict(NOT_A_STAFF_USER);
      const change = await changeRoles(app.db, practiceId, actor, target, request.body.authorities);
      noteAudit(request, { detail: { userId: target.userId, ...change } });
      return {
        data: asMember(await loadStaffRow(app.db, practiceId, target.userId), actor.authorities),
      };
    },
  );
};

export const NOT_A_STAFF_USER = 'External agents have no practice roles or details to change here.';
