import * as contract from '@openpractice/contracts/practice/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffLinkPurpose } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { sendStaffLink } from './links.ts';
import { asMember, loadStaffRow, type StaffRow } from './queries.ts';
import {
  actorOf,
  disableAccount,
  enableAccount,
  nextStatus,
  requireManageable,
  setAccountStatus,
  settingsRoute,
} from './service.ts';

export const MAIL_FAILED =
  'The email could not be sent. It is kept in the email log with the reason; please try again later.';
export const NO_EMAIL = 'This person has no email address. Add one first.';
export const AGENT_ACCOUNT = 'External agents’ accounts are managed by their own agency.';

/** Resend the activation email, send a password reset, disable and enable a staff account. */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The practice's staff member the path names, whom the caller may manage. */
  async function targetOf(request: FastifyRequest & { params: { userId: number } }) {
    const practiceId = practiceScope(request);
    const actor = actorOf(request);
    const target = await loadStaffRow(app.db, practiceId, request.params.userId);
    if (target.type !== 'staff') throw new AppError(409, AGENT_ACCOUNT);
    requireManageable(actor, target);
    return { practiceId, actor, target };
  }

  const answer = async (practiceId: number, userId: number, authorities: readonly string[]) =>
    asMember(await loadStaffRow(app.db, practiceId, userId), authorities);

  /** Emails a link; a failed send is kept (email log and audit row) and answers 502. */
  async function emailLink(
    request: FastifyRequest & { params: { userId: number } },
    reply: FastifyReply,
    purpose: StaffLinkPurpose,
  ) {
    const { practiceId, actor, target } = await targetOf(request);
    const status = nextStatus(target, purpose === 'activate' ? 'activation_sent' : 'reset_sent');
    if (!target.email) throw new AppError(409, NO_EMAIL, 'email');
    const mail = await sendStaffLink(
      app,
      {
        userId: target.userId,
        practiceId,
        firstName: target.firstName,
        username: target.username,
        email: target.email,
      },
      purpose,
    );
    noteAudit(request, {
      detail: { userId: target.userId, emailId: mail.id, delivery: mail.status },
    });
    if (mail.status === 'failed') {
      reply.status(502);
      return { status: 'error' as const, message: MAIL_FAILED };
    }
    await setAccountStatus(app.db, target.userId, status);
    return {
      data: await answer(practiceId, target.userId, actor.authorities),
      email: mail.status,
    };
  }

  app.post(
    contract.resendStaffActivation.path,
    {
      ...settingsRoute('practice.staff_activation_sent'),
      schema: contract.resendStaffActivation.schema,
    },
    (request, reply) => emailLink(request, reply, 'activate'),
  );

  app.post(
    contract.resetStaffPassword.path,
    {
      ...settingsRoute('practice.staff_password_reset_sent'),
      schema: contract.resetStaffPassword.schema,
    },
    (request, reply) => emailLink(request, reply, 'reset'),
  );

  app.post(
    contract.disableStaff.path,
    { ...settingsRoute('practice.staff_disabled'), schema: contract.disableStaff.schema },
    async (request) => {
      const { practiceId, actor, target } = await targetOf(request);
      const sessionsEnded = await disableAccount(app.db, practiceId, actor, target, app.now());
      noteAudit(request, { detail: { userId: target.userId, sessionsEnded } });
      return { data: await answer(practiceId, target.userId, actor.authorities) };
    },
  );

  app.post(
    contract.enableStaff.path,
    { ...settingsRoute('practice.staff_enabled'), schema: contract.enableStaff.schema },
    async (request) => {
      const { practiceId, actor, target } = await targetOf(request);
      const status = await enableAccount(app.db, practiceId, target);
      noteAudit(request, { detail: { userId: target.userId, status } });
      return { data: await answer(practiceId, target.userId, actor.authorities) };
    },
  );
};

export type { StaffRow };
