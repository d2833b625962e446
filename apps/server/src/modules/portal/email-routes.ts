import * as contract from '@openpractice/contracts/portal';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../platform/errors.ts';
import { emailLink } from '../../platform/links.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { ACTIVATE_PATH, invitationEmail, RESET_PATH, resetEmail } from './emails.ts';
import {
  ensurePortalUser,
  loadPortalRow,
  PORTAL_DISABLED,
  practiceNameOf,
  requireDefaultEmail,
  setPortalStatus,
  type PortalRow,
} from './service.ts';
import { requireAccount, staffCall, staffThemselvesCall } from './staff-access.ts';
import {
  ACTIVATION_LINK_DAYS,
  issuePortalLinkToken,
  RESET_LINK_HOURS,
  type PortalLinkPurpose,
} from './tokens.ts';

export const MAIL_FAILED =
  'The email could not be sent. It is kept in the email log with the reason; please try again later.';

const HOUR_MS = 3_600_000;

/** A failed send is kept (email log and audit row), so it answers without throwing. */
function mailFailed(reply: FastifyReply, action: `client.${string}`, detail: object) {
  noteAudit(reply.request, { action, detail: { ...detail } });
  reply.status(502);
  return { status: 'error' as const, message: MAIL_FAILED };
}

/** Staff sending a client the portal invitation or a password reset link by email. */
export const portalEmailRoutes: FastifyPluginAsyncZod<{ linkKey: string }> = async (
  app,
  { linkKey },
) => {
  /** Sends a portal link; a delivery failure leaves the status alone and answers 502. */
  async function sendLink(
    row: PortalRow,
    link: {
      purpose: PortalLinkPurpose;
      userId: number;
      username: string;
      passwordHash: string;
      to: string;
    },
  ) {
    const now = app.now();
    const expiresAt = new Date(
      now.getTime() +
        (link.purpose === 'activate'
          ? ACTIVATION_LINK_DAYS * 24 * HOUR_MS
          : RESET_LINK_HOURS * HOUR_MS),
    );
    const token = issuePortalLinkToken(linkKey, { ...link, expiresAt });
    // From the configured public address only, never the request's Host header (links.ts).
    const url = emailLink(app, link.purpose === 'activate' ? ACTIVATE_PATH : RESET_PATH, { token });
    const content = (link.purpose === 'activate' ? invitationEmail : resetEmail)({
      name: row.nickName?.trim() || row.firstName,
      practiceName: await practiceNameOf(app.db, row.practiceId),
      username: link.username,
      url,
    });
    return app.mailer.sendMail(app.db, {
      practiceId: row.practiceId,
      clientId: row.clientId,
      to: link.to,
      ...content,
    });
  }

  app.post(
    contract.sendActivationLink.path,
    { ...staffCall('client.portal_invitation_sent'), schema: contract.sendActivationLink.schema },
    async (request, reply) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      const to = await requireDefaultEmail(app.db, gate.clientId);
      const account = await ensurePortalUser(app.db, row, to);
      const mail = await sendLink(row, { purpose: 'activate', to, ...account });
      if (mail.status === 'failed') {
        return mailFailed(reply, 'client.portal_invitation_failed', {
          emailId: mail.id,
          accountCreated: account.created,
        });
      }
      await setPortalStatus(app.db, gate.clientId, 'ACTIVATION_LINK_SENT', app.now());
      noteAudit(request, {
        detail: { emailId: mail.id, delivery: mail.status, accountCreated: account.created },
      });
      return { status: 'ACTIVATION_LINK_SENT' as const };
    },
  );

  app.post(
    contract.resetPortalPassword.path,
    {
      ...staffThemselvesCall('client.portal_password_reset_sent'),
      schema: contract.resetPortalPassword.schema,
    },
    async (request, reply) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      const account = requireAccount(row);
      if (row.portalStatus === 'DISABLED') throw conflict(PORTAL_DISABLED);
      const to = await requireDefaultEmail(app.db, gate.clientId);
      const mail = await sendLink(row, { purpose: 'reset', to, ...account });
      if (mail.status === 'failed') {
        return mailFailed(reply, 'client.portal_password_reset_failed', { emailId: mail.id });
      }
      await setPortalStatus(app.db, gate.clientId, 'PASSWORD_RESET_LINK_SENT', app.now());
      noteAudit(request, { detail: { emailId: mail.id, delivery: mail.status } });
      return { status: 'PASSWORD_RESET_LINK_SENT' as const };
    },
  );
};
