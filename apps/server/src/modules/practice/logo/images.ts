import {
  imageKindOf,
  LOGO_BOX,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_UNREADABLE,
  LOGO_MAX_BYTES,
  type LogoKind,
} from '@openpractice/domain';
import sharp from 'sharp';
import { AppError, badRequest } from '../../../platform/errors.ts';

// One image at a time and no cache: logos are rare, the machine is shared.
sharp.cache(false);
sharp.concurrency(1);

/** Larger pictures are refused before decoding (a decompression bomb stops here). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A logo made inert: the bytes must say PNG or JPEG (magic bytes), decode
 * completely as that format, and are then turned upright, shrunk to fit the
 * kind's box (never enlarged) and re-encoded as a fresh PNG. Nothing of the
 * upload survives but its pixels: no metadata (EXIF, ICC text, comments), no
 * trailing bytes, no second format hidden inside.
 */
export async function inertLogo(kind: LogoKind, body: unknown): Promise<Buffer> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(LOGO_NOT_AN_IMAGE, 'file');
  if (body.length > LOGO_MAX_BYTES) throw new AppError(413, LOGO_TOO_LARGE, 'file');
  const claimed = imageKindOf(body);
  if (claimed === null) throw badRequest(LOGO_NOT_AN_IMAGE, 'file');
  const box = LOGO_BOX[kind];
  try {
    const image = sharp(body, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    const metadata = await image.metadata();
    if (metadata.format !== claimed) throw badRequest(LOGO_NOT_AN_IMAGE, 'file');
    return await image
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp's message names the decoder's complaint; the user needs what to do.
    throw badRequest(LOGO_UNREADABLE, 'file');
  }
}
