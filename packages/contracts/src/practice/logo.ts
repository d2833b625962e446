import { LOGO_KINDS } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The practice's logo (spec-1 §2 /practice/logo): a banner and an icon, each
 * a PNG or JPEG checked by its content, resized and stored re-encoded as PNG.
 * Clients see it in the top bar (spec-1 §3 currentPractice).
 */

export const logoKind = z.enum(LOGO_KINDS);

export const practiceLogo = z.object({
  /** Addresses of the stored images (they carry a version), or null when none. */
  bannerUrl: z.string().nullable(),
  iconUrl: z.string().nullable(),
});

export const getPracticeLogo = defineCall('GET', '/practice/logo', {
  response: { 200: dataOf(practiceLogo) },
});

/** The body is the image's bytes (Content-Type image/png or image/jpeg), at most 2 MB. */
export const uploadPracticeLogo = defineCall('PUT', '/practice/logo/:kind', {
  params: z.object({ kind: logoKind }),
  response: { 200: dataOf(practiceLogo) },
});

export const removePracticeLogo = defineCall('DELETE', '/practice/logo/:kind', {
  params: z.object({ kind: logoKind }),
  response: { 200: dataOf(practiceLogo) },
});

/** PNG bytes, handed as they are (never through the serializer). */
const pngImage = z.codec(
  z.string(),
  z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  {
    decode: (text) => new TextEncoder().encode(text),
    encode: (bytes) => new TextDecoder().decode(bytes),
  },
);

/** The image itself, for the caller's own practice; `v` only defeats caches. */
export const practiceLogoImage = defineCall('GET', '/practice/logo/:kind/image', {
  params: z.object({ kind: logoKind }),
  querystring: z.object({ v: z.string().max(20).optional() }),
  response: { 200: pngImage.describe('The logo as PNG') },
});
