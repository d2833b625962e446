import * as contract from '@openpractice/contracts/portal';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../platform/errors.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { sendPortalLink, type PortalLink } from './link-mail.ts';
import {
  ensurePortalUser,
  loadPortalRow,
  PORTAL_DISABLED,
  requireDefaultEmail,
  setPortalStatus,
  type PortalRow,
} from './service.ts';
import { requireAccount, staffCall, staffThemselvesCall } from './staff-access.ts';

export const MAIL_FAILED =
  'The email could not be sent. It is kept in the email log with the reason; please try again later.';

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
  const sendLink = (row: PortalRow, link: PortalLink) => sendPortalLink(app, linkKey, row, link);

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
