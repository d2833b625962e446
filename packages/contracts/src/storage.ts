import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * The local storage adapter's signed addresses (the link is the permission, as
 * with a presigned S3 URL). Kept out of the API document: nobody calls them but
 * through a link the server issued.
 */

const tokenParams = z.object({ token: z.string().max(4100) });

/** The file's bytes as raw body, its content type the one the link was issued for. */
export const uploadFile = defineCall('PUT', '/storage/upload/:token', {
  params: tokenParams,
  response: {
    200: z.object({
      /** saved: applied at once; pending: kept as a version for staff to accept or reject. */
      status: z.enum(['saved', 'pending']),
      key: z.string(),
    }),
  },
  hide: true,
});

/**
 * A stored file: the server hands its bytes (Fastify sends them as they are, never
 * through the serializer), the browser receives the file itself.
 */
const storedFile = z.codec(
  z.string(),
  z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  {
    decode: (text) => new TextEncoder().encode(text),
    encode: (bytes) => new TextDecoder().decode(bytes),
  },
);

export const readFile = defineCall('GET', '/storage/file/:token', {
  params: tokenParams,
  response: { 200: storedFile.describe('The file, in the content type it was stored with') },
  hide: true,
});
