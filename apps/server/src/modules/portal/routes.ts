import {
  PASSWORD_MAX_LENGTH,
  PORTAL_PASSWORD_MIN_LENGTH,
  REQUIRED_MESSAGE,
  VALIDATION_MESSAGES,
} from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clients, users } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { emailLink } from '../../platform/links.ts';
import { invitationEmail, resetEmail, ACTIVATE_PATH, RESET_PATH } from './emails.ts';
import {
  endSessionsOf,
  ensurePortalUser,
  loadPortalRow,
  LOGIN_HISTORY_PAGE_SIZE,
  loginHistoryPage,
  NO_PORTAL_ACCOUNT,
  passwordSetOn,
  PORTAL_DISABLED,
  portalDataOf,
  practiceNameOf,
  requireDefaultEmail,
  setPortalStatus,
  type PortalRow,
} from './service.ts';
import { twoFactorStatusOf } from '../clients/profile-queries.ts';
import {
  ACTIVATION_LINK_DAYS,
  issuePortalLinkToken,
  loadPortalLinkKey,
  parsePortalLinkToken,
  RESET_LINK_HOURS,
  type PortalLinkPurpose,
} from './tokens.ts';

export const LINK_INVALID =
  'This link has expired or has already been used. Ask your practice to send a new one.';
export const MAIL_FAILED =
  'The email could not be sent. It is kept in the email log with the reason; please try again later.';

const MAX_ID = 2_147_483_647;
const id = z.coerce.number({ error: REQUIRED_MESSAGE }).int().positive().max(MAX_ID);
const patientQuery = z.object({ patientId: id });
/** Portal actions take patientId in the query (spec-2 §7) or, as the web's other calls do, in the body. */
const actionQuery = z.object({ patientId: id.optional() });
/** Nullish: a POST with the id in the query may send no body at all. */
const actionBody = z.object({ patientId: id.optional() }).nullish();
const historyQuery = z.object({
  patientId: id,
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOGIN_HISTORY_PAGE_SIZE)
    .default(LOGIN_HISTORY_PAGE_SIZE),
});
const tokenField = z.string().trim().min(1, REQUIRED_MESSAGE).max(200);
const passwordField = z
  .string({ error: REQUIRED_MESSAGE })
  .min(PORTAL_PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.minLength(PORTAL_PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.maxLength(PASSWORD_MAX_LENGTH));

function patientIdOf(request: {
  query: { patientId?: number | undefined };
  body?: { patientId?: number | undefined } | null | undefined;
}): number {
  const patientId = request.query.patientId ?? request.body?.patientId;
  if (patientId === undefined) throw badRequest(REQUIRED_MESSAGE, 'patientId');
  return patientId;
}

const HOUR_MS = 3_600_000;

/**
 * Staff-side portal account management under /api/patient (spec-2 §7), the
 * public completion of invitation and reset links, and the portal sign-in
 * history. Every client call declares its client (the platform gates it): reads need the client
 * to be visible, actions need demographic access.
 */
export const portalRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  const linkKey = await loadPortalLinkKey(app.db);
  /** A staff call about one client's portal account (the id in the query or the body). */
  const staff = (action: `client.${string}`, kind?: 'view') => ({
    config: {
      access: 'practice' as const,
      audit: {
        action,
        ...(kind ? { kind } : {}),
        client: {
          resolve: (_db: unknown, request: FastifyRequest) =>
            Promise.resolve([patientIdOf(request as Parameters<typeof patientIdOf>[0])]),
          need: 'hasDemographicAccess' as const,
        },
      },
    },
  });
  /** Credentials and two-factor settings: never by support staff impersonating a practice user. */
  const staffThemselves = (action: `client.${string}`) => ({
    config: { ...staff(action).config, notWhileImpersonating: true },
  });
  /** A failed send is kept (email log and audit row), so it answers without throwing. */
  const mailFailed = (reply: FastifyReply, action: `client.${string}`, detail: object) => {
    noteAudit(reply.request, { action, detail: { ...detail } });
    reply.status(502);
    return { status: 'error' as const, message: MAIL_FAILED };
  };

  const requireAccount = (row: PortalRow) => {
    if (row.portalUserId === null || row.passwordHash === null || row.username === null)
      throw conflict(NO_PORTAL_ACCOUNT);
    return { userId: row.portalUserId, passwordHash: row.passwordHash, username: row.username };
  };

  /** Sends a portal link; a delivery failure leaves the status alone and answers 502. */
  async function sendLink(
    request: FastifyRequest,
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

  // --- Reads ---------------------------------------------------------------------

  app.get(
    '/patient/credentials',
    { ...staff('client.portal_credentials_viewed'), schema: { querystring: patientQuery } },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      return {
        username: row.username,
        passwordSetOn:
          row.portalUserId === null ? null : await passwordSetOn(app.db, gate.clientId),
      };
    },
  );

  app.get(
    '/patient/loginHistory',
    { ...staff('client.portal_login_history_viewed'), schema: { querystring: historyQuery } },
    async (request) => {
      const { offset, limit } = request.query;
      return loginHistoryPage(app.db, gateOf(request).clientId, { offset, limit });
    },
  );

  app.get(
    '/patient/portalStatus',
    { ...staff('client.portal_status_viewed'), schema: { querystring: patientQuery } },
    async (request) => {
      const row = await loadPortalRow(app.db, gateOf(request).clientId);
      return portalDataOf(row, app.now());
    },
  );

  app.post(
    '/patient/getTwoFactorAuthStatus',
    {
      ...staff('client.two_factor_viewed', 'view'),
      schema: { querystring: actionQuery, body: actionBody },
    },
    async (request) => twoFactorStatusOf(await loadPortalRow(app.db, gateOf(request).clientId)),
  );

  // --- Actions (each answers the new status name, spec-2 §4) ----------------------

  app.post(
    '/patient/sendActivationLink',
    {
      ...staff('client.portal_invitation_sent'),
      schema: { querystring: actionQuery, body: actionBody },
    },
    async (request, reply) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      const to = await requireDefaultEmail(app.db, gate.clientId);
      const account = await ensurePortalUser(app.db, row, to);
      const mail = await sendLink(request, row, { purpose: 'activate', to, ...account });
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
    '/patient/resetPassword',
    {
      ...staffThemselves('client.portal_password_reset_sent'),
      schema: { querystring: actionQuery, body: actionBody },
    },
    async (request, reply) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      const account = requireAccount(row);
      if (row.portalStatus === 'DISABLED') throw conflict(PORTAL_DISABLED);
      const to = await requireDefaultEmail(app.db, gate.clientId);
      const mail = await sendLink(request, row, { purpose: 'reset', to, ...account });
      if (mail.status === 'failed') {
        return mailFailed(reply, 'client.portal_password_reset_failed', { emailId: mail.id });
      }
      await setPortalStatus(app.db, gate.clientId, 'PASSWORD_RESET_LINK_SENT', app.now());
      noteAudit(request, { detail: { emailId: mail.id, delivery: mail.status } });
      return { status: 'PASSWORD_RESET_LINK_SENT' as const };
    },
  );

  app.post(
    '/patient/enablePortalAccess',
    { ...staff('client.portal_enabled'), schema: { querystring: actionQuery, body: actionBody } },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      const account = requireAccount(row);
      await app.db.update(users).set({ active: true }).where(eq(users.id, account.userId));
      await setPortalStatus(app.db, gate.clientId, 'ENABLED', app.now());
      return { status: 'ENABLED' as const };
    },
  );

  app.post(
    '/patient/disablePortalAccess',
    { ...staff('client.portal_disabled'), schema: { querystring: actionQuery, body: actionBody } },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadPortalRow(app.db, gate.clientId);
      let sessionsEnded = 0;
      if (row.portalUserId !== null) {
        await app.db.update(users).set({ active: false }).where(eq(users.id, row.portalUserId));
        sessionsEnded = await endSessionsOf(app.db, row.portalUserId);
      }
      await setPortalStatus(app.db, gate.clientId, 'DISABLED', app.now());
      noteAudit(request, { detail: { sessionsEnded } });
      return { status: 'DISABLED' as const };
    },
  );

  app.post(
    '/patient/unlockAccount',
    { ...staff('client.portal_unlocked'), schema: { querystring: actionQuery, body: actionBody } },
    async (request) => {
      const gate = gateOf(request);
      const account = requireAccount(await loadPortalRow(app.db, gate.clientId));
      await app.db
        .update(users)
        .set({ failedLoginCount: 0, loginLockExpiration: null })
        .where(eq(users.id, account.userId));
      return portalDataOf(await loadPortalRow(app.db, gate.clientId), app.now());
    },
  );

  app.post(
    '/patient/disableTwoFactorAuth',
    {
      ...staffThemselves('client.two_factor_disabled'),
      schema: { querystring: actionQuery, body: actionBody },
    },
    async (request) => {
      const gate = gateOf(request);
      const before = await loadPortalRow(app.db, gate.clientId);
      await app.db
        .update(clients)
        .set({
          twoFactorType: null,
          twoFactorContact: null,
          twoFactorVerifiedAt: null,
          updatedAt: app.now(),
        })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, { detail: { wasSetUp: before.twoFactorType !== null } });
      return twoFactorStatusOf(await loadPortalRow(app.db, gate.clientId));
    },
  );

  // --- Public completion of invitation and reset links ---------------------------

  const publicLimit = {
    access: 'public' as const,
    rateLimit: { max: options.publicRateLimit, timeWindow: '1 minute' },
  };

  /** The user and client a link belongs to, or 400 when it is expired, used, forged or disabled. */
  async function resolveLink(token: string) {
    const parsed = parsePortalLinkToken(linkKey, token, app.now());
    if (!parsed) throw badRequest(LINK_INVALID, 'token');
    const [found] = await app.db
      .select({
        userId: users.id,
        username: users.username,
        passwordHash: users.passwordHash,
        clientId: clients.id,
        practiceId: clients.practiceId,
        portalStatus: clients.portalStatus,
      })
      .from(users)
      .innerJoin(clients, eq(clients.portalUserId, users.id))
      .where(and(eq(users.id, parsed.userId), eq(users.type, 'patient')))
      .limit(1);
    if (!found || found.portalStatus === 'DISABLED' || !parsed.matches(found.passwordHash))
      throw badRequest(LINK_INVALID, 'token');
    return { ...found, purpose: parsed.purpose, expiresAt: parsed.expiresAt };
  }

  app.post(
    '/public/portal/checkToken',
    {
      config: { ...publicLimit, audit: 'none' },
      schema: { body: z.object({ token: tokenField }) },
    },
    async (request) => {
      const link = await resolveLink(request.body.token);
      return {
        valid: true as const,
        purpose: link.purpose,
        username: link.username,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/public/portal/activate',
    {
      config: { ...publicLimit, audit: { action: 'client.portal_password_set' } },
      schema: { body: z.object({ token: tokenField, password: passwordField }) },
    },
    async (request) => {
      const { token, password } = request.body;
      const link = await resolveLink(token);
      if (password.trim().toLowerCase() === link.username.toLowerCase())
        throw badRequest('Choose a password that is not your username.', 'password');
      const newHash = await hashPassword(password);
      const now = app.now();
      const done = await app.db.transaction(async (tx) => {
        // Compare-and-set on the old hash: of two uses of one link, only the first wins.
        const [updated] = await tx
          .update(users)
          .set({
            passwordHash: newHash,
            active: true,
            failedLoginCount: 0,
            loginLockExpiration: null,
          })
          .where(and(eq(users.id, link.userId), eq(users.passwordHash, link.passwordHash)))
          .returning({ id: users.id });
        if (!updated) return false;
        await tx
          .update(clients)
          .set({ portalStatus: 'ENABLED', updatedAt: now })
          .where(eq(clients.id, link.clientId));
        return true;
      });
      if (!done) throw badRequest(LINK_INVALID, 'token');
      // A new password ends any session opened with the old one.
      await endSessionsOf(app.db, link.userId);
      noteAudit(request, {
        actor: { practiceId: link.practiceId, userId: link.userId },
        patientIds: [link.clientId],
        detail: { purpose: link.purpose },
      });
      return { status: 'ENABLED' as const, username: link.username };
    },
  );
};
