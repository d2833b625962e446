import {
  PDFDocument,
  StandardFonts,
  rgb,
  type Color,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';

/**
 * A small flowing layout over pdf-lib: text that wraps and runs onto new pages, headings kept
 * with what follows, tables whose header repeats on each page, a running header and page
 * numbers. Letter paper, the standard Helvetica fonts (text stays extractable and searchable);
 * characters those fonts cannot draw become '?', so no client's text can break a PDF.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
/** Room kept at the foot of each page for its number. */
const FOOT = MARGIN + 14;
const LINE = 1.35;

export const BODY_SIZE = 10;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE_GREY = rgb(0.75, 0.75, 0.75);

export type TextStyle = {
  size?: number;
  bold?: boolean;
  /** Points from the left margin. */
  indent?: number;
  grey?: boolean;
  /** Points left below the text. */
  after?: number;
};

export type TableColumn = { title: string; share: number };

export type DocumentInfo = { title: string; subject: string; author: string; now: Date };

export class PdfWriter {
  private page: PDFPage;
  private y = TOP;
  private readonly drawable: Set<number>;
  /** Drawn at the top of every page after the first (who the record is about). */
  runningHeader = '';

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.drawable = new Set(regular.getCharacterSet());
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  static async create(info: DocumentInfo): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(info.title);
    doc.setSubject(info.subject);
    doc.setAuthor(info.author);
    doc.setCreator('OpenPractice');
    doc.setProducer('OpenPractice');
    doc.setCreationDate(info.now);
    doc.setModificationDate(info.now);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfWriter(doc, regular, bold);
  }

  /** The text with every character the fonts cannot draw replaced, tabs as spaces. */
  clean(text: string): string {
    let out = '';
    for (const char of text.normalize('NFC').replace(/\t/g, '    ').replace(/\r\n?/g, '\n')) {
      const code = char.codePointAt(0) ?? 63;
      if (char === '\n' || this.drawable.has(code)) out += char;
      else {
        // An accent the font lacks falls back to its letter (ő → o), anything else to '?'.
        const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
        out +=
          Array.from(base).every((c) => this.drawable.has(c.codePointAt(0) ?? 0)) && base
            ? base
            : '?';
      }
    }
    return out;
  }

  private font(bold: boolean | undefined): PDFFont {
    return bold ? this.bold : this.regular;
  }

  /** Lines of at most `width` points: at spaces, and inside a word only when it alone is wider. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/).filter((w) => w !== '')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        let rest = word;
        while (!fits(rest)) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = TOP;
    if (this.runningHeader !== '') {
      this.write(this.runningHeader, { size: 8, grey: true, after: 2 });
      this.rule();
    }
  }

  /** Starts a new page unless `height` points still fit on this one. */
  keep(height: number): void {
    if (this.y - height < FOOT) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Wrapped text, running onto new pages as needed. */
  write(text: string, style: TextStyle = {}): void {
    const size = style.size ?? BODY_SIZE;
    const font = this.font(style.bold);
    const indent = style.indent ?? 0;
    const color: Color = style.grey ? GREY : rgb(0, 0, 0);
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH - indent)) {
      this.keep(size * LINE);
      this.y -= size * LINE;
      if (line !== '') {
        this.page.drawText(line, {
          x: MARGIN + indent,
          y: this.y + size * 0.25,
          size,
          font,
          color,
        });
      }
    }
    this.y -= style.after ?? 0;
  }

  /** A heading, kept on one page with the start of what follows. */
  heading(text: string, level: 1 | 2 | 3): void {
    const size = level === 1 ? 15 : level === 2 ? 12 : 10.5;
    this.space(level === 3 ? 4 : 8);
    this.keep(size * LINE + 3 * BODY_SIZE * LINE);
    this.write(text, { size, bold: true, after: level === 3 ? 1 : 3 });
  }

  /** A label above its answer; the answer indented. */
  field(label: string, answer: string): void {
    this.keep(2 * BODY_SIZE * LINE);
    this.write(label, { bold: true });
    this.write(answer, { indent: 12, after: 3 });
  }

  /** 'Label: value' pairs, one after another on wrapped lines; a pair that fits a line never splits. */
  facts(pairs: readonly (readonly [string, string])[]): void {
    const size = BODY_SIZE;
    const fits = (text: string) => this.regular.widthOfTextAtSize(text, size) <= CONTENT_WIDTH;
    const lines: string[] = [];
    let line = '';
    for (const [label, value] of pairs) {
      const pair = this.clean(`${label}: ${value}`).replace(/\n/g, ' ');
      const candidate = line === '' ? pair : `${line}   ·   ${pair}`;
      if (fits(candidate)) line = candidate;
      else {
        if (line !== '') lines.push(line);
        line = pair;
      }
    }
    if (line !== '') lines.push(line);
    for (const text of lines) this.write(text);
    this.space(2);
  }

  rule(): void {
    this.keep(6);
    this.y -= 3;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE_GREY,
    });
    this.y -= 3;
  }

  /** An image at the top left, at most `maxWidth` × `maxHeight`; answers the height used. */
  image(image: PDFImage, maxWidth: number, maxHeight: number): number {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.keep(height);
    this.page.drawImage(image, { x: MARGIN, y: this.y - height, width, height });
    return height;
  }

  embedPng(bytes: Uint8Array): Promise<PDFImage> {
    return this.doc.embedPng(bytes);
  }

  embedJpg(bytes: Uint8Array): Promise<PDFImage> {
    return this.doc.embedJpg(bytes);
  }

  /** A table: the header row bold and repeated on each page, cells wrapped in their column. */
  table(columns: readonly TableColumn[], rows: readonly (readonly string[])[], size = 8.5): void {
    const total = columns.reduce((sum, c) => sum + c.share, 0);
    const widths = columns.map((c) => (c.share / total) * CONTENT_WIDTH);
    const pad = 3;
    const lineHeight = size * LINE;
    const drawRow = (cells: readonly string[], bold: boolean) => {
      const wrapped = cells.map((cell, i) =>
        this.wrap(cell, this.font(bold), size, (widths[i] ?? 0) - 2 * pad),
      );
      const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 2 * pad;
      return { wrapped, height };
    };
    const header = drawRow(
      columns.map((c) => c.title),
      true,
    );
    const place = (row: { wrapped: string[][]; height: number }, bold: boolean) => {
      let x = MARGIN;
      row.wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          const baseline = this.y - pad - (n + 1) * lineHeight + size * 0.25;
          this.page.drawText(line, { x: x + pad, y: baseline, size, font: this.font(bold) });
        });
        x += widths[i] ?? 0;
      });
      this.y -= row.height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: PAGE_WIDTH - MARGIN, y: this.y },
        thickness: bold ? 0.8 : 0.3,
        color: bold ? rgb(0, 0, 0) : RULE_GREY,
      });
    };
    this.keep(header.height * 2);
    place(header, true);
    for (const cells of rows) {
      const row = drawRow(cells, false);
      if (this.y - row.height < FOOT) {
        this.newPage();
        place(header, true);
      }
      place(row, false);
    }
  }

  /** Numbers the pages ('{footer} · Page n of N') and answers the PDF's bytes. */
  async finish(footer: string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = this.clean(`${footer}   ·   Page ${index + 1} of ${pages.length}`);
      page.drawText(text, { x: MARGIN, y: MARGIN - 18, size: 8, font: this.regular, color: GREY });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}
