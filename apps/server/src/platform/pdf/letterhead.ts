import { formatPhone, imageKindOf } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { StorageAdapter } from '../storage.ts';
import type { PdfWriter } from './writer.ts';

/**
 * The practice at the head of every document it prints (records, statements): its banner
 * logo, name, address and phone (issue 16 item 6: the logo on statements and printed records).
 */
export type Letterhead = {
  name: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  phone: string | null;
  timezone: string;
  /** The banner logo's bytes (PNG or JPEG), when the practice has one. */
  logo: Uint8Array | null;
};

type LetterheadRow = Omit<Letterhead, 'logo'> & { logoKey: string | null };

/** The practice's letterhead, its logo read through the storage adapter. */
export async function letterheadOf(
  db: Db,
  files: StorageAdapter,
  practiceId: number,
): Promise<Letterhead> {
  const [row] = await rowsOf<LetterheadRow>(
    db,
    sql`select name, address_line1 as "addressLine1", address_line2 as "addressLine2", city,
          state, zipcode, phone, timezone, logo_banner_key as "logoKey"
        from practices where id = ${practiceId}`,
  );
  if (!row) throw new Error('the practice is gone');
  const { logoKey, ...practice } = row;
  const logo = logoKey === null ? null : await files.get(logoKey);
  return { ...practice, logo };
}

/** The address on one line: street, city, state and zip, phone. */
export function addressLine(p: Letterhead): string {
  const cityLine = [p.city, [p.state, p.zipcode].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return [p.addressLine1, p.addressLine2, cityLine, p.phone ? formatPhone(p.phone) : null]
    .filter((part): part is string => part !== null && part !== '')
    .join(' · ');
}

const LOGO_MAX_WIDTH = 200;
const LOGO_MAX_HEIGHT = 56;

/** The logo, when it reads as PNG or JPEG; a logo that does not is left out, not fatal. */
async function drawLogo(w: PdfWriter, logo: Uint8Array | null): Promise<void> {
  if (logo === null) return;
  const kind = imageKindOf(logo);
  if (kind === null) return;
  try {
    const image = kind === 'png' ? await w.embedPng(logo) : await w.embedJpg(logo);
    w.space(w.image(image, LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT) + 6);
  } catch {
    // A damaged image leaves the header without it; the document still prints.
  }
}

/** Logo, name and address at the top of the first page. */
export async function drawLetterhead(w: PdfWriter, p: Letterhead): Promise<void> {
  await drawLogo(w, p.logo);
  w.write(p.name, { size: 14, bold: true });
  const address = addressLine(p);
  if (address !== '') w.write(address, { size: 9, grey: true });
}
