import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';
import { authOf } from './access.ts';
import { AppError, badRequest, forbidden } from './errors.ts';
import { hmac, randomToken, safeEqual } from './tokens.ts';

/**
 * File storage (photo IDs, insurance cards, attachments) behind a small
 * adapter. The browser never talks to the adapter directly: it receives a
 * signed address (`PUT /api/storage/upload/:token`, `GET /api/storage/file/:token`)
 * whose token names the key, the operation, the allowed content type and
 * size, whom it was issued to, and when it expires (15 minutes). An upload
 * address is also a row (upload-links.ts) that makes it single-use; a read
 * address may be opened again within its life, each read audited with its
 * issuer. Tokens never reach the log (log.ts). The local adapter keeps files under
 * `<DATA_DIR>/files/`; an S3-compatible adapter can implement the same
 * interface and hand out its own presigned URLs instead.
 */
export interface StorageAdapter {
  readonly kind: 'local';
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are made by the server; still, only plain relative paths are ever accepted. */
const KEY_SHAPE = /^[a-z0-9][a-z0-9/_.-]{0,250}$/i;

function assertSafeKey(key: string): void {
  if (!KEY_SHAPE.test(key) || key.split('/').some((part) => part === '' || part === '..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export class LocalStorage implements StorageAdapter {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const partial = join(dirname(path), `.${randomToken(8)}.partial`);
    await writeFile(partial, body);
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Whom a link was issued to: a practice user, or a client through the portal. */
export type LinkIssuer = { userId: number; as: 'staff' | 'client' };

/** The user a request acts as, as a link's issuer (portal clients are 'client'). */
export function linkIssuerOf(request: FastifyRequest): LinkIssuer {
  const user = authOf(request).user;
  return { userId: user.id, as: user.type === 'patient' ? 'client' : 'staff' };
}

/** What a signed storage address allows. `ctx` names the client the file belongs to. */
export type StorageGrant = {
  op: 'put' | 'get';
  key: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  contentType: string;
  /** put only: the largest body accepted, in bytes. */
  maxBytes?: number;
  ctx: { kind: string; practiceId: number; patientId: number };
  /** put only: the upload link's row (upload-links.ts), which makes it single-use. */
  link?: number;
  /** Whom the address was issued to; audited on every use. */
  by?: LinkIssuer;
};

/** The largest file any signed upload may carry; each grant may allow less. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Signed addresses live 15 minutes: long enough to pick a file, short enough to be useless later. */
export const SIGNED_URL_TTL_MS = 15 * 60_000;
export const STORAGE_INVALID_LINK = 'This file link is not valid.';
export const STORAGE_FORGED_LINK = 'This file link was not issued by this server for this use.';
export const STORAGE_EXPIRED_LINK =
  'This file link has expired (links last 15 minutes). Ask for a new one.';

export class Storage {
  /** Upload follow-ups by `ctx.kind` (e.g. the client's photo ID key is recorded). */
  readonly uploadHandlers = new Map<string, UploadHandler>();

  constructor(
    readonly adapter: StorageAdapter,
    private readonly secret: string,
  ) {}

  sign(grant: StorageGrant): string {
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${payload}.${hmac(this.secret, `storage:${payload}`)}`;
  }

  /**
   * Reads a token: 400 when it is not a storage token at all, 403 when its
   * signature is wrong or it was issued for another operation, 410 when it
   * has expired.
   */
  verify(token: string, op: StorageGrant['op'], now: Date): StorageGrant {
    const match = /^([A-Za-z0-9_-]{10,4000})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match?.[1] || !match[2]) throw badRequest(STORAGE_INVALID_LINK);
    const [, payload, signature] = match;
    if (!safeEqual(signature, hmac(this.secret, `storage:${payload}`))) {
      throw forbidden(STORAGE_FORGED_LINK);
    }
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StorageGrant;
    if (grant.op !== op || (op === 'put' && grant.link === undefined)) {
      throw forbidden(STORAGE_FORGED_LINK);
    }
    if (grant.exp <= now.getTime()) throw new AppError(410, STORAGE_EXPIRED_LINK);
    return grant;
  }

  /** An upload address; only upload-links.ts calls it, with the link row that makes it single-use. */
  uploadUrl(grant: Omit<StorageGrant, 'op' | 'exp'> & { link: number; by: LinkIssuer }, now: Date) {
    return `/api/storage/upload/${this.sign({ ...grant, op: 'put', exp: now.getTime() + SIGNED_URL_TTL_MS })}`;
  }

  /**
   * A read address, usable again and again for 15 minutes, each read audited.
   * With `by` a link may be opened without a session (its issuer is the
   * actor); without, only by a signed-in user.
   */
  readUrl(grant: Omit<StorageGrant, 'op' | 'exp' | 'maxBytes' | 'link'>, now: Date): string {
    return `/api/storage/file/${this.sign({ ...grant, op: 'get', exp: now.getTime() + SIGNED_URL_TTL_MS })}`;
  }
}

/**
 * Called after an upload of this `ctx.kind` was stored by the user the link
 * was issued to: makes it the client's current file. Answers the audit
 * action and detail; null when the file was not kept (its record is gone).
 */
export type UploadHandler = (
  grant: StorageGrant,
  link: { id: number; insuranceId: number | null },
) => Promise<{ action: `client.${string}`; detail: Record<string, unknown> } | null>;

/** The signing key is kept in the database, like the CSRF key, so every app process agrees. */
async function loadStorageSecret(db: Db): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: 'storage', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'storage'));
  if (!row) throw new Error('Storage secret missing');
  return row.value;
}

export async function openStorage(db: Db, dataDir: string): Promise<Storage> {
  return new Storage(new LocalStorage(dataDir), await loadStorageSecret(db));
}
