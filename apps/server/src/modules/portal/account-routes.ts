import * as contract from '@openpractice/contracts/portal';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients, users } from '../../db/schema/index.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { twoFactorStatusOf } from '../clients/index.ts';
import {
  endSessionsOf,
  loadPortalRow,
  loginHistoryPage,
  passwordSetOn,
  portalDataOf,
  setPortalStatus,
} from './service.ts';
import { requireAccount, staffCall, staffThemselvesCall } from './staff-access.ts';

/** Staff reading a client's portal account: credentials, sign-ins, status, two-factor. */
export const portalAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getPortalCredentials.path,
    {
      ...staffCall('client.portal_credentials_viewed'),
      schema: contract.getPortalCredentials.schema,
    },
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
    contract.getLoginHistory.path,
    {
      ...staffCall('client.portal_login_history_viewed'),
      schema: contract.getLoginHistory.schema,
    },
    async (request) => {
      const { offset, limit } = request.query;
      return loginHistoryPage(app.db, gateOf(request).clientId, { offset, limit });
    },
  );

  app.get(
    contract.getPortalStatus.path,
    { ...staffCall('client.portal_status_viewed'), schema: contract.getPortalStatus.schema },
    async (request) => {
      const row = await loadPortalRow(app.db, gateOf(request).clientId);
      return portalDataOf(row, app.now());
    },
  );

  app.post(
    contract.getTwoFactorAuthStatus.path,
    {
      ...staffCall('client.two_factor_viewed', 'view'),
      schema: contract.getTwoFactorAuthStatus.schema,
    },
    async (request) => twoFactorStatusOf(await loadPortalRow(app.db, gateOf(request).clientId)),
  );
};

/**
 * Staff switching a client's portal account on or off, unlocking it, or
 * turning its two-factor sign-in off. Each action answers the new status
 * name (spec-2 §4); switching off also ends the account's sessions.
 */
export const portalAccountChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.enablePortalAccess.path,
    { ...staffCall('client.portal_enabled'), schema: contract.enablePortalAccess.schema },
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
    contract.disablePortalAccess.path,
    { ...staffCall('client.portal_disabled'), schema: contract.disablePortalAccess.schema },
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
    contract.unlockPortalAccount.path,
    { ...staffCall('client.portal_unlocked'), schema: contract.unlockPortalAccount.schema },
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
    contract.disableTwoFactorAuth.path,
    {
      ...staffThemselvesCall('client.two_factor_disabled'),
      schema: contract.disableTwoFactorAuth.schema,
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
};
