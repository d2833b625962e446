import type { ssoSettings } from '@openpractice/contracts/practice/sso';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { practiceSso, practiceSsoDomains } from '../../../db/schema/index.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import { discoverProvider, OidcError } from '../../../platform/oidc.ts';
import type { SafeFetchPolicy } from '../../../platform/safe-fetch.ts';
import { openSecret, sealSecret } from '../../../platform/secret-box.ts';

/** The secret box's purpose for client secrets; the practice id is the context. */
export const SSO_SECRET_PURPOSE = 'practice-sso-client-secret';

/** The address providers send the browser back to (register it with the provider). */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/public/auth/sso/callback`;

type SsoSettings = z.input<typeof ssoSettings>;

export async function loadSsoSettings(
  db: Db,
  practiceId: number,
  publicUrl: string,
): Promise<SsoSettings> {
  const [row] = await db.select().from(practiceSso).where(eq(practiceSso.practiceId, practiceId));
  const domains = row
    ? await db
        .select({ domain: practiceSsoDomains.domain })
        .from(practiceSsoDomains)
        .where(eq(practiceSsoDomains.practiceId, practiceId))
        .orderBy(practiceSsoDomains.domain)
    : [];
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    hasClientSecret: row !== undefined,
    allowedDomains: domains.map((d) => d.domain),
    enabled: row?.enabled ?? false,
    requireForStaff: row?.requireForStaff ?? false,
    redirectUri: ssoRedirectUri(publicUrl),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The message an issuer gets when it cannot be used; always a 400 on `issuer`. */
export function issuerRefusal(error: unknown): Error {
  if (!(error instanceof OidcError)) return error as Error;
  switch (error.reason) {
    case 'insecure':
      return badRequest('The issuer URL must start with https://.', 'issuer');
    case 'unreachable':
      return badRequest(
        'The issuer did not answer. Check the issuer URL and that the provider is reachable, then try again.',
        'issuer',
      );
    case 'not-provider':
    case 'rejected':
      return badRequest(
        'That address did not answer as an OpenID Connect provider for this issuer. Check the issuer URL (for Google Workspace: https://accounts.google.com; for Microsoft Entra ID: https://login.microsoftonline.com/<tenant id>/v2.0).',
        'issuer',
      );
  }
}

/** Fetches the issuer's discovery document through the outbound guard; 400 when it cannot. */
export async function testIssuer(issuer: string, policy: SafeFetchPolicy) {
  try {
    const config = await discoverProvider(
      { issuer: issuer.trim(), clientId: 'connection-test', clientSecret: 'connection-test' },
      policy,
    );
    const metadata = config.serverMetadata();
    return {
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint ?? '',
      tokenEndpoint: metadata.token_endpoint ?? '',
    };
  } catch (error) {
    throw issuerRefusal(error);
  }
}

export type SaveSsoInput = {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  allowedDomains: string[];
  enabled: boolean;
  requireForStaff: boolean;
};

/**
 * Checks the provider answers (discovery), that no domain signs in through
 * another practice, then saves. Any refusal leaves the stored settings as
 * they were. Returns what the audit row may say (never the secret).
 */
export async function saveSso(
  db: Db,
  ctx: { practiceId: number; userId: number; now: Date; key: Buffer; policy: SafeFetchPolicy },
  input: SaveSsoInput,
): Promise<Record<string, unknown>> {
  const [current] = await db
    .select()
    .from(practiceSso)
    .where(eq(practiceSso.practiceId, ctx.practiceId));
  const context = String(ctx.practiceId);
  const newSecret = input.clientSecret?.trim() ? input.clientSecret.trim() : null;
  const secret =
    newSecret ??
    (current
      ? openSecret(ctx.key, SSO_SECRET_PURPOSE, context, current.clientSecretEncrypted)
      : null);
  if (secret === null) throw badRequest('Enter the client secret.', 'clientSecret');

  const domains = [...new Set(input.allowedDomains)];
  const taken = await db
    .select({ domain: practiceSsoDomains.domain })
    .from(practiceSsoDomains)
    .where(
      and(
        inArray(practiceSsoDomains.domain, domains),
        ne(practiceSsoDomains.practiceId, ctx.practiceId),
      ),
    );
  if (taken[0]) {
    throw conflict(
      `${taken[0].domain} already signs in through another practice's provider. Each email domain can belong to one practice only.`,
    );
  }

  let issuer: string;
  try {
    const config = await discoverProvider(
      { issuer: input.issuer.trim(), clientId: input.clientId.trim(), clientSecret: secret },
      ctx.policy,
    );
    issuer = config.serverMetadata().issuer;
  } catch (error) {
    throw issuerRefusal(error);
  }

  const values = {
    issuer,
    clientId: input.clientId.trim(),
    clientSecretEncrypted: newSecret
      ? sealSecret(ctx.key, SSO_SECRET_PURPOSE, context, newSecret)
      : (current?.clientSecretEncrypted ?? ''),
    enabled: input.enabled,
    requireForStaff: input.requireForStaff,
    updatedAt: ctx.now,
    updatedBy: ctx.userId,
  };
  await db
    .insert(practiceSso)
    .values({ practiceId: ctx.practiceId, ...values })
    .onConflictDoUpdate({ target: practiceSso.practiceId, set: values });
  await db.delete(practiceSsoDomains).where(eq(practiceSsoDomains.practiceId, ctx.practiceId));
  await db
    .insert(practiceSsoDomains)
    .values(domains.map((domain) => ({ domain, practiceId: ctx.practiceId })));
  return {
    issuer: { from: current?.issuer ?? null, to: issuer },
    clientId: { from: current?.clientId ?? null, to: values.clientId },
    clientSecretChanged: newSecret !== null,
    allowedDomains: domains,
    enabled: input.enabled,
    requireForStaff: input.requireForStaff,
  };
}

/** Forgets the provider (its domains go with it); the audit detail says what was removed. */
export async function removeSso(db: Db, practiceId: number): Promise<Record<string, unknown>> {
  const [removed] = await db
    .delete(practiceSso)
    .where(eq(practiceSso.practiceId, practiceId))
    .returning({ issuer: practiceSso.issuer });
  return { removed: removed !== undefined, issuer: removed?.issuer ?? null };
}
