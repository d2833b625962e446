import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipText = promisify(gzip);

/** Below this an answer gains little from compression and would only pay for it. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Above this the fastest brotli level wins: a calendar month is megabytes of JSON whose keys
 * repeat, which level 1 still shrinks about forty times, in a few milliseconds.
 */
const LARGE_BYTES = 64 * 1024;

/**
 * An answer's bytes. Most JSON is ASCII, whose UTF-8 is its Latin-1: copying it so is several
 * times faster than encoding it (a calendar month is megabytes), and the byte count tells
 * which it is (an ASCII text has as many bytes as characters).
 */
function bytesOf(payload: string | Buffer, size: number): Buffer {
  if (Buffer.isBuffer(payload)) return payload;
  return Buffer.from(payload, size === payload.length ? 'latin1' : 'utf8');
}

/** br if the caller takes it, else gzip, else nothing (`q=0` refuses an encoding). */
function encodingFor(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Set(
    accept
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return null;
}

/**
 * JSON answers of 1 KB or more leave compressed (br or gzip) when the caller accepts it.
 * The work runs on libuv's thread pool, so a large answer does not hold up other requests.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_FROM_BYTES) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return payload;
    }
    reply.header('vary', 'accept-encoding');
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const large = size > LARGE_BYTES;
    const bytes = bytesOf(payload, size);
    const compressed =
      encoding === 'br'
        ? await brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: large ? 1 : 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipText(bytes, { level: large ? 1 : 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
