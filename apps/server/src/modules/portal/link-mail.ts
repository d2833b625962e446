import type { FastifyInstance } from 'fastify';
import { emailLink } from '../../platform/links.ts';
import type { MailResult } from '../../platform/mail.ts';
import { ACTIVATE_PATH, invitationEmail, RESET_PATH, resetEmail } from './emails.ts';
import { practiceNameOf, type PortalRow } from './service.ts';
import {
  ACTIVATION_LINK_DAYS,
  issuePortalLinkToken,
  RESET_LINK_HOURS,
  type PortalLinkPurpose,
} from './tokens.ts';

const HOUR_MS = 3_600_000;

export type PortalLink = {
  purpose: PortalLinkPurpose;
  userId: number;
  username: string;
  passwordHash: string;
  to: string;
  /** A reset the client asked for themself, and how long its link lasts. */
  selfServiceHours?: number;
};

/**
 * Emails a client a portal link (the invitation, or a password reset sent by staff or asked
 * for by the client); the email log keeps it whatever happens. The link is signed, not stored
 * (tokens.ts), and comes from the configured public address, never the request's Host header.
 */
export async function sendPortalLink(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'now' | 'publicUrl'>,
  linkKey: string,
  row: PortalRow,
  link: PortalLink,
): Promise<MailResult> {
  const now = app.now();
  const hours =
    link.purpose === 'activate'
      ? ACTIVATION_LINK_DAYS * 24
      : (link.selfServiceHours ?? RESET_LINK_HOURS);
  const token = issuePortalLinkToken(linkKey, {
    ...link,
    expiresAt: new Date(now.getTime() + hours * HOUR_MS),
  });
  const url = emailLink(app, link.purpose === 'activate' ? ACTIVATE_PATH : RESET_PATH, { token });
  const input = {
    name: row.nickName?.trim() || row.firstName,
    practiceName: await practiceNameOf(app.db, row.practiceId),
    username: link.username,
    url,
  };
  const content =
    link.purpose === 'activate'
      ? invitationEmail(input)
      : resetEmail({
          ...input,
          ...(link.selfServiceHours === undefined
            ? {}
            : { selfService: { hours: link.selfServiceHours } }),
        });
  return app.mailer.sendMail(app.db, {
    practiceId: row.practiceId,
    clientId: row.clientId,
    to: link.to,
    ...content,
  });
}
