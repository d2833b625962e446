import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { uploadLinks, type UploadLinkKind, type UploadLinkRow } from '../db/schema/index.ts';
import { authOf } from './access.ts';
import { AppError, notFound } from './errors.ts';
import { gateOf } from './route-audit.ts';
import {
  linkIssuerOf,
  MAX_UPLOAD_BYTES,
  SIGNED_URL_TTL_MS,
  type LinkIssuer,
  type Storage,
  type StorageGrant,
} from './storage.ts';

/**
 * Upload links (issue 13, finding 11). A signed upload address is a row:
 * used once (a second PUT answers 410), for 15 minutes, naming whom it was
 * issued to. Who used it decides what happens to the file: the staff user
 * it was issued to, signed in, replaces the client's photo at once; anyone
 * else (the client through the portal, or a holder of the link without that
 * session) leaves a version that staff accept or reject on the profile.
 */
export const UPLOAD_LINK_USED =
  'This upload link has already been used. Ask for a new link to upload another file.';
export const UPLOAD_LINK_GONE =
  'This upload link is no longer valid (its record was removed). Ask for a new one.';
export const VERSION_NOT_FOUND = 'There is no new upload waiting for a decision.';

export type UploadTarget = {
  kind: UploadLinkKind;
  practiceId: number;
  clientId: number;
  /** insurance_card only. */
  insuranceId?: number;
  key: string;
  contentType: string;
};

/** Records the link and signs its address, for the caller of `request`. */
export async function issueUploadLink(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  target: UploadTarget,
  now: Date,
): Promise<{ url: string; key: string; contentType: string; maxBytes: number }> {
  const by = linkIssuerOf(request);
  const [row] = await db
    .insert(uploadLinks)
    .values({
      practiceId: target.practiceId,
      clientId: target.clientId,
      kind: target.kind,
      insuranceId: target.insuranceId ?? null,
      fileKey: target.key,
      issuedToUserId: by.userId,
      issuedAs: by.as,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + SIGNED_URL_TTL_MS),
    })
    .returning({ id: uploadLinks.id });
  if (!row) throw new Error('upload link not recorded');
  const url = storage.uploadUrl(
    {
      key: target.key,
      contentType: target.contentType,
      maxBytes: MAX_UPLOAD_BYTES,
      ctx: { kind: target.kind, practiceId: target.practiceId, patientId: target.clientId },
      link: row.id,
      by,
    },
    now,
  );
  return { url, key: target.key, contentType: target.contentType, maxBytes: MAX_UPLOAD_BYTES };
}

/** How a request used a link: with a session (whose) or without. */
export type LinkUse = { session: boolean; sessionUserId: number | null };

export function linkUseOf(request: FastifyRequest): LinkUse {
  const userId = request.auth?.user.id ?? null;
  return { session: userId !== null, sessionUserId: userId };
}

/**
 * Marks the link used, once: of two uploads through one link only the first
 * gets the row (compare-and-set on `used_at`); the other answers 410.
 */
export async function claimUploadLink(
  db: Db,
  grant: StorageGrant,
  use: LinkUse,
  now: Date,
): Promise<UploadLinkRow> {
  const id = grant.link ?? 0;
  const [claimed] = await db
    .update(uploadLinks)
    .set({ usedAt: now, usedByUserId: use.sessionUserId, usedWithSession: use.session })
    .where(
      and(eq(uploadLinks.id, id), eq(uploadLinks.fileKey, grant.key), isNull(uploadLinks.usedAt)),
    )
    .returning();
  if (claimed) return claimed;
  const [existing] = await db
    .select({ id: uploadLinks.id })
    .from(uploadLinks)
    .where(eq(uploadLinks.id, id));
  throw new AppError(410, existing ? UPLOAD_LINK_USED : UPLOAD_LINK_GONE);
}

/** Whether the upload replaces the client's file at once: only the staff user it was issued to, signed in. */
export function appliesAtOnce(link: UploadLinkRow, use: LinkUse): boolean {
  return (
    link.issuedAs === 'staff' &&
    link.issuedToUserId !== null &&
    use.sessionUserId === link.issuedToUserId
  );
}

/** Keeps the upload as a version to decide on; an older undecided one of the same file gives way. */
export async function keepAsVersion(
  db: Db,
  link: UploadLinkRow,
  now: Date,
): Promise<UploadLinkRow[]> {
  const superseded = await db
    .update(uploadLinks)
    .set({ review: 'superseded', reviewedAt: now })
    .where(
      and(
        eq(uploadLinks.clientId, link.clientId),
        eq(uploadLinks.kind, link.kind),
        sql`${uploadLinks.insuranceId} is not distinct from ${link.insuranceId}`,
        eq(uploadLinks.review, 'pending'),
        ne(uploadLinks.id, link.id),
      ),
    )
    .returning();
  await db.update(uploadLinks).set({ review: 'pending' }).where(eq(uploadLinks.id, link.id));
  return superseded;
}

/** The client's versions waiting for a decision, newest first. */
export function pendingVersions(
  db: Db,
  clientId: number,
  kind: UploadLinkKind,
): Promise<UploadLinkRow[]> {
  return db
    .select()
    .from(uploadLinks)
    .where(
      and(
        eq(uploadLinks.clientId, clientId),
        eq(uploadLinks.kind, kind),
        eq(uploadLinks.review, 'pending'),
      ),
    )
    .orderBy(desc(uploadLinks.usedAt), desc(uploadLinks.id));
}

/** Records staff's decision on a pending version (404 when there is none by that id). */
export async function decideVersion(
  db: Db,
  input: {
    clientId: number;
    kind: UploadLinkKind;
    versionId: number;
    decision: 'accepted' | 'rejected';
    userId: number;
    now: Date;
  },
): Promise<UploadLinkRow> {
  const [row] = await db
    .update(uploadLinks)
    .set({ review: input.decision, reviewedAt: input.now, reviewedByUserId: input.userId })
    .where(
      and(
        eq(uploadLinks.id, input.versionId),
        eq(uploadLinks.clientId, input.clientId),
        eq(uploadLinks.kind, input.kind),
        eq(uploadLinks.review, 'pending'),
      ),
    )
    .returning();
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row;
}

/**
 * Staff's decision, by the signed-in user, on a pending version of the gated client's upload;
 * a rejected file is deleted at once, since it never became the client's.
 */
export async function reviewVersion(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: UploadLinkKind,
  versionId: number,
  decision: 'accepted' | 'rejected',
): Promise<UploadLinkRow> {
  const version = await decideVersion(app.db, {
    clientId: gateOf(request).clientId,
    kind,
    versionId,
    decision,
    userId: authOf(request).user.id,
    now: app.now(),
  });
  if (decision === 'rejected') await app.storage.adapter.delete(version.fileKey);
  return version;
}

/** Who a version came from, as staff see it. */
export function versionOrigin(link: UploadLinkRow): 'client' | 'link' {
  return link.issuedAs === 'client' ? 'client' : 'link';
}

/** The audit detail of a link's use: whom it was issued to, and whether a session came with it. */
export function linkAuditDetail(grant: { link?: number; by?: LinkIssuer }, use: LinkUse) {
  return {
    ...(grant.link === undefined ? {} : { link: grant.link }),
    issuedTo: grant.by?.userId ?? null,
    issuedAs: grant.by?.as ?? null,
    session: use.session,
    ...(use.session ? { sessionUserId: use.sessionUserId } : {}),
  };
}
