import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a practice gives the server (its single sign-on client secret) are
 * kept encrypted: AES-256-GCM under a key derived (HKDF-SHA256, its own
 * `purpose`) from the audit key, which lives outside the database (AUDIT_KEY
 * or DATA_DIR/audit.key). A copy of the database alone does not reveal them.
 * `context` (e.g. the practice id) is authenticated with the text, so a
 * value moved to another row does not decrypt.
 */
const VERSION = 'v1';

function keyFor(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, 'openpractice-secret-box', purpose, 32));
}

export function sealSecret(
  masterKey: Buffer,
  purpose: string,
  context: string,
  plain: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(masterKey, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when it cannot be opened (another key, another row, tampered). */
export function openSecret(
  masterKey: Buffer,
  purpose: string,
  context: string,
  sealed: string,
): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(masterKey, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
