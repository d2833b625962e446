import * as contract from '@openpractice/contracts/practice/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleChangeProblem } from '@openpractice/domain';
import { practiceScope } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { randomToken } from '../../../platform/tokens.ts';
import { sendStaffLink } from './links.ts';
import { asMember, loadStaffRow } from './queries.ts';
import {
  actorOf,
  createStaffAccount,
  nextStatus,
  setAccountStatus,
  settingsRoute,
} from './service.ts';

/** Inviting a staff member: the account (INITIAL), its roles, and the activation email. */
export const staffInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.inviteStaff.path,
    { ...settingsRoute('practice.staff_invited'), schema: contract.inviteStaff.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const actor = actorOf(request);
      const body = request.body;
      const problem = roleChangeProblem({
        actor,
        target: { userId: 0, authorities: [] },
        next: body.authorities,
        otherActiveOwners: 1,
      });
      if (problem) throw new AppError(403, problem, 'authorities');
      const userId = await createStaffAccount(app.db, practiceId, {
        ...body,
        // Nobody knows it: the person chooses theirs from the activation link.
        passwordHash: await hashPassword(randomToken(32)),
      });
      const username = body.username ?? body.email;
      const mail = await sendStaffLink(
        app,
        { userId, practiceId, firstName: body.firstName, username, email: body.email },
        'activate',
      );
      const created = await loadStaffRow(app.db, practiceId, userId);
      if (mail.status !== 'failed')
        await setAccountStatus(app.db, userId, nextStatus(created, 'activation_sent'));
      noteAudit(request, {
        detail: {
          userId,
          authorities: [...body.authorities].sort(),
          emailId: mail.id,
          delivery: mail.status,
        },
      });
      return {
        data: asMember(await loadStaffRow(app.db, practiceId, userId), actor.authorities),
        email: mail.status,
      };
    },
  );
};
