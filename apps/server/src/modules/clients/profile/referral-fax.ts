import { formatLongDate, formatPhone, formatUsDate, legalName } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '../../../db/client.ts';
import { practices } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { ClientGate } from '../../../platform/client-gate.ts';
import { practiceDay } from '../../../platform/practice-day.ts';
import {
  loadClientRow,
  loadPracticeContact,
  loadTherapistStatuses,
  therapistName,
} from './profile-queries.ts';

/**
 * The referral fax (spec-2 §7 Referral: getFaxTemplate, sendFax): a letter
 * that acknowledges a referral, addressed to the client's referral source,
 * and the PDF that carries it (a cover page with the letter on it).
 */

export const NO_REFERRAL_FAX = 'Add a referral source with a fax number first.';

/** What a referral fax needs to know, loaded once the client gate has passed. */
export async function loadReferralFaxContext(db: Db, gate: ClientGate, now: Date) {
  const row = await loadClientRow(db, gate.clientId);
  const contact = row.referralContactId
    ? await loadPracticeContact(db, gate.practiceId, row.referralContactId)
    : null;
  if (!contact) throw badRequest(NO_REFERRAL_FAX);
  const [[practice], day, therapists] = await Promise.all([
    db.select({ name: practices.name }).from(practices).where(eq(practices.id, gate.practiceId)),
    practiceDay(db, gate.practiceId, now),
    loadTherapistStatuses(db, gate.clientId),
  ]);
  return {
    practiceName: practice?.name ?? '',
    contact,
    client: { name: legalName(row), dob: row.dob },
    therapists: therapists
      .filter((t) => t.active && t.status !== 'INACTIVE')
      .map((t) => therapistName(t)),
    today: day.today,
  };
}
export type ReferralFaxContext = Awaited<ReturnType<typeof loadReferralFaxContext>>;

/** 'A', 'A and B', 'A, B and C'. */
function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * The acknowledgement letter, as editable text: the practice thanks the
 * referral source, names the client (legal name and date of birth, how a
 * clinic matches a patient) and who sees them.
 */
export function referralFaxTemplate(context: ReferralFaxContext) {
  const { contact, client, practiceName } = context;
  const dob = client.dob ? formatUsDate(client.dob) : null;
  const who = dob ? `${client.name} (date of birth ${dob})` : client.name;
  const care =
    context.therapists.length === 0
      ? 'We will let you know which of our clinicians will see them.'
      : `${context.therapists.length === 1 ? 'Their clinician with us is' : 'Their clinicians with us are'} ${joinNames(context.therapists)}.`;
  const recipient = [contact.name, contact.organization].filter(Boolean).join('\n');
  const body = [
    formatLongDate(context.today),
    recipient,
    `Re: ${client.name}${dob ? `, date of birth ${dob}` : ''}`,
    `Dear ${contact.name},`,
    `Thank you for referring ${who} to ${practiceName}. We have received your referral and have welcomed them to our practice. ${care}`,
    'If you have records or information that would help with their care, or any questions, please contact our office. Please do not send clinical information without the client’s authorization where one is required.',
    `Sincerely,\n\n${practiceName}`,
  ].join('\n\n');
  return {
    subject: `Referral acknowledgement: ${client.name}`,
    body,
    faxNumber: contact.fax ? formatPhone(contact.fax) : '',
    contactName: contact.name,
  };
}

// --- The PDF ---------------------------------------------------------------------

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const BODY_SIZE = 11;
const LINE = BODY_SIZE + 4;
/** Room kept at the foot of the cover page for the confidentiality notice. */
const NOTICE_HEIGHT = 84;
const FOOTER_Y = 30;
/** More characters than any line of the page can hold, even of the narrowest. */
const MAX_CHARS_PER_LINE = 400;

export const CONFIDENTIALITY_NOTICE =
  'CONFIDENTIALITY NOTICE: This fax contains confidential health information that is protected by ' +
  'law. It is meant only for the recipient named above. If you are not that recipient, do not ' +
  'read, copy, share or act on it: please tell the sender at once and destroy every copy.';

export type FaxDocument = {
  practiceName: string;
  to: { name: string; organization: string | null; faxNumber: string };
  /** The practice's today, YYYY-MM-DD. */
  date: string;
  subject: string;
  body: string;
};

/** Lays text out top to bottom, wrapping words (and words too long for a line), page after page. */
class FaxWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  private readonly supported: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.supported = new Set(font.getCharacterSet());
    this.newPage();
  }

  get cover(): PDFPage {
    const first = this.pages[0];
    if (!first) throw new Error('no page');
    return first;
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  /** The lowest line on this page: the cover keeps room for the notice. */
  private get floor(): number {
    return PAGE.margin + (this.pages.length === 1 ? NOTICE_HEIGHT : 0);
  }

  /** The standard fonts cover Windows-1252 only: anything else prints as '?'. */
  printable(text: string): string {
    return text
      .replace(/\t/g, '    ')
      .replace(/[^\n]/gu, (c) => (this.supported.has(c.codePointAt(0) ?? 0) ? c : '?'));
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.split(/ +/)) {
        const next = current === '' ? word : `${current} ${word}`;
        if (fits(next)) {
          current = next;
          continue;
        }
        if (current !== '') lines.push(current);
        // A word wider than the line is cut where it must be.
        let rest = word;
        while (rest !== '' && !fits(rest)) {
          // The longest start that fits (at least one character), by halving.
          let low = 1;
          let high = Math.min(rest.length - 1, MAX_CHARS_PER_LINE);
          while (low < high) {
            const mid = Math.ceil((low + high) / 2);
            if (fits(rest.slice(0, mid))) low = mid;
            else high = mid - 1;
          }
          lines.push(rest.slice(0, low));
          rest = rest.slice(low);
        }
        current = rest;
      }
      lines.push(current);
    }
    return lines;
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; muted?: boolean; x?: number; width?: number } = {},
  ) {
    const size = options.size ?? BODY_SIZE;
    const font = options.bold ? this.bold : this.font;
    const x = options.x ?? PAGE.margin;
    const width = options.width ?? PAGE.width - PAGE.margin - x;
    for (const line of this.wrap(this.printable(value), font, size, width)) {
      if (this.y - (size + 4) < this.floor) this.newPage();
      this.y -= size + 4;
      if (line !== '') {
        this.page.drawText(line, { x, y: this.y, size, font, color: options.muted ? MUTED : INK });
      }
    }
  }

  /** A label and its value on one row, the value wrapping in its own column. */
  field(label: string, value: string): { page: PDFPage; y: number; x: number } {
    const top = this.y;
    this.page.drawText(label, { x: PAGE.margin, y: top - LINE, size: BODY_SIZE, font: this.bold });
    const x = PAGE.margin + 80;
    this.text(value, { x });
    return { page: this.page, y: top - LINE, x };
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    this.y -= 8;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 1,
      color: MUTED,
    });
    this.y -= 6;
  }
}

/**
 * A fax as one PDF: the cover page (to, from, date, number of pages,
 * subject) carries the start of the letter and, at its foot, the
 * confidentiality notice; the letter continues on further pages when long.
 * Every page is numbered 'Page n of N'.
 */
export async function renderFaxPdf(fax: FaxDocument, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // Document properties stay free of names: they show in file listings and fax logs.
  doc.setTitle('Fax');
  doc.setProducer('OpenPractice');
  doc.setCreator('OpenPractice');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const w = new FaxWriter(doc, font, await doc.embedFont(StandardFonts.HelveticaBold));

  w.text('FAX', { size: 26, bold: true });
  w.text(fax.practiceName, { size: 13, muted: true });
  w.rule();
  w.field(
    'To:',
    [fax.to.name, fax.to.organization].filter((part) => part && part !== '').join(', '),
  );
  w.field('Fax:', formatPhone(fax.to.faxNumber));
  w.field('From:', fax.practiceName);
  w.field('Date:', formatLongDate(fax.date));
  const pagesAt = w.field('Pages:', '');
  w.field('Subject:', fax.subject);
  w.rule();
  w.gap(6);
  w.text(fax.body.replace(/\r\n?/g, '\n'));

  const total = w.pages.length;
  pagesAt.page.drawText(`${total} (including this cover page)`, {
    x: pagesAt.x,
    y: pagesAt.y,
    size: BODY_SIZE,
    font,
    color: INK,
  });

  // The notice at the foot of the cover page, in a box.
  const noticeWidth = PAGE.width - 2 * PAGE.margin;
  const noticeLines = w.wrap(CONFIDENTIALITY_NOTICE, font, 9, noticeWidth - 16);
  const boxTop = PAGE.margin + NOTICE_HEIGHT - 12;
  w.cover.drawRectangle({
    x: PAGE.margin,
    y: boxTop - (noticeLines.length * 12 + 12),
    width: noticeWidth,
    height: noticeLines.length * 12 + 12,
    borderColor: MUTED,
    borderWidth: 1,
  });
  noticeLines.forEach((line, i) => {
    w.cover.drawText(line, {
      x: PAGE.margin + 8,
      y: boxTop - 14 - i * 12,
      size: 9,
      font,
      color: INK,
    });
  });

  w.pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${total}`;
    page.drawText(label, {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(label, 9),
      y: FOOTER_Y,
      size: 9,
      font,
      color: MUTED,
    });
  });

  return doc.save();
}
