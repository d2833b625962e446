import type { Cms1500Form, Cms1500Line } from '@openpractice/domain';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  CAPTIONS,
  CELLS,
  FIELDS,
  LINE_COLUMNS,
  LINE_FIELDS,
  lineRow,
  type Cell,
  type FieldPlace,
} from './cms1500-layout.ts';

/**
 * CMS-1500 (02/12) paper claims as a PDF (issue 20 item 5), from the domain's box values. Two
 * modes: `data` prints the values only, for red pre-printed forms (their red "drops out" when
 * the payer scans them, so only our black characters are read); `form` draws the boxes and
 * labels in red under the same values, for plain paper. Values are 12-point Courier, which is
 * 10 characters to the inch, so each character falls on the form's grid (cms1500-layout.ts).
 * The printer offset moves everything printed, in points, to meet a printer's paper feed.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const PITCH = 7.2;
const LINE = 12;
const LEFT = 18;
const DATA_SIZE = 12;
const LABEL_SIZE = 5;
const RED = rgb(0.86, 0.1, 0.12);
const SHADE = rgb(1, 0.92, 0.92);

export type PrintOptions = { mode: 'data' | 'form'; offsetX: number; offsetY: number };

type Pen = {
  page: PDFPage;
  courier: PDFFont;
  label: PDFFont;
  bold: PDFFont;
  options: PrintOptions;
};

/** Column c's left edge and line r's baseline, moved by the printer offset (down is positive). */
const xOf = (pen: Pen, col: number) => LEFT + (col - 1) * PITCH + pen.options.offsetX;
const baseOf = (pen: Pen, row: number) => PAGE_HEIGHT - row * LINE + 2.5 - pen.options.offsetY;
const topOf = (pen: Pen, row: number) => PAGE_HEIGHT - (row - 1) * LINE - pen.options.offsetY;
/** A box's edge sits half a column left of its first character. */
const edgeOf = (pen: Pen, col: number) => xOf(pen, col) - PITCH / 2;

/** Characters Courier's WinAnsi set lacks become '?', so no client's text can break the PDF. */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function drawable(font: PDFFont, text: string): string {
  let set = characterSets.get(font);
  if (set === undefined) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return Array.from(text)
    .map((c) => (set.has(c.codePointAt(0) ?? 0) ? c : '?'))
    .join('');
}

function put(pen: Pen, place: FieldPlace, row: number, value: string): void {
  if (value === '') return;
  const text = drawable(pen.courier, value).slice(0, place.width);
  const col = place.end ? place.col + place.width - text.length : place.col;
  pen.page.drawText(text, {
    x: xOf(pen, col),
    y: baseOf(pen, row),
    size: DATA_SIZE,
    font: pen.courier,
  });
}

function putLine(pen: Pen, n: number, line: Cms1500Line): void {
  const row = lineRow(n);
  const f = LINE_FIELDS;
  put(pen, f.from, row, line.from);
  put(pen, f.to, row, line.to);
  put(pen, f.place, row, line.place);
  put(pen, f.procedure, row, line.procedure);
  line.modifiers.forEach((m, i) => {
    const place = f.modifiers[i];
    if (place) put(pen, place, row, m);
  });
  put(pen, f.pointer, row, line.pointer);
  put(pen, f.dollars, row, line.charge.dollars);
  put(pen, f.cents, row, line.charge.cents);
  put(pen, f.units, row, line.units);
  put(pen, f.renderingNpi, row, line.renderingNpi);
}

/** Label text wrapped into the cell's width, from its top, in small red letters. */
function drawLabel(pen: Pen, c: Cell): void {
  const width = (c.to - c.from) * PITCH - 3;
  const words = drawable(pen.label, c.label).split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current === '' ? word : `${current} ${word}`;
    if (pen.label.widthOfTextAtSize(next, LABEL_SIZE) <= width || current === '') current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  lines.push(current);
  lines.slice(0, (c.bottom - c.top) * 2).forEach((text, i) => {
    pen.page.drawText(text, {
      x: edgeOf(pen, c.from) + 1.5,
      y: topOf(pen, c.top) - 5 - i * 6,
      size: LABEL_SIZE,
      font: pen.label,
      color: RED,
    });
  });
}

function rect(pen: Pen, c: Cell): void {
  const x = edgeOf(pen, c.from);
  const y = topOf(pen, c.bottom + 1);
  pen.page.drawRectangle({
    x,
    y,
    width: (c.to - c.from) * PITCH,
    height: (c.bottom - c.top + 1) * LINE,
    borderColor: RED,
    borderWidth: 0.6,
  });
}

/** The form itself, in red: title, boxes, labels, check boxes, box 24's lines and shading. */
function drawForm(pen: Pen): void {
  const { page } = pen;
  page.drawText('HEALTH INSURANCE CLAIM FORM', {
    x: xOf(pen, 1),
    y: baseOf(pen, 5),
    size: 12,
    font: pen.bold,
    color: RED,
  });
  page.drawText('APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12', {
    x: xOf(pen, 1),
    y: baseOf(pen, 6),
    size: 6,
    font: pen.label,
    color: RED,
  });
  for (let n = 1; n <= 6; n += 1) {
    // Each service line's upper half is shaded: supplemental information only.
    page.drawRectangle({
      x: edgeOf(pen, 1),
      y: topOf(pen, lineRow(n)),
      width: 80 * PITCH,
      height: LINE,
      color: SHADE,
    });
    rect(pen, { top: lineRow(n) - 1, bottom: lineRow(n), from: 1, to: 81, label: '' });
    page.drawText(String(n), {
      x: edgeOf(pen, 81) + 2,
      y: baseOf(pen, lineRow(n)),
      size: 7,
      font: pen.label,
      color: RED,
    });
  }
  for (const col of LINE_COLUMNS)
    page.drawLine({
      start: { x: edgeOf(pen, col), y: topOf(pen, 41) },
      end: { x: edgeOf(pen, col), y: topOf(pen, 55) },
      thickness: 0.6,
      color: RED,
    });
  for (const c of CELLS) {
    rect(pen, c);
    drawLabel(pen, c);
  }
  for (const [row, col, text] of CAPTIONS)
    page.drawText(text, {
      x: xOf(pen, col) + 0.5,
      y: row === 41 || row === 7 ? topOf(pen, row) - 5 : topOf(pen, row) - 10,
      size: LABEL_SIZE,
      font: pen.label,
      color: RED,
    });
  for (const [id, place] of Object.entries(FIELDS))
    if (place.width === 1 && id !== '21.ind')
      page.drawRectangle({
        x: xOf(pen, place.col) - 0.3,
        y: baseOf(pen, place.row) - 1.5,
        width: PITCH,
        height: 8.5,
        borderColor: RED,
        borderWidth: 0.6,
      });
  for (let n = 1; n <= 6; n += 1)
    page.drawText('NPI', {
      x: xOf(pen, 65),
      y: baseOf(pen, lineRow(n)) + 1,
      size: 6,
      font: pen.bold,
      color: RED,
    });
  page.drawText(
    'NUCC Instruction Manual available at: www.nucc.org     PLEASE PRINT OR TYPE     APPROVED OMB-0938-1197 FORM 1500 (02-12)',
    { x: xOf(pen, 1), y: baseOf(pen, 63), size: 6, font: pen.label, color: RED },
  );
}

/** The forms, one page each, in the order given (a claim's continued forms follow it). */
export async function cms1500Pdf(
  forms: readonly Cms1500Form[],
  options: PrintOptions,
  info: { title: string; author: string; now: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(info.title);
  doc.setAuthor(info.author);
  doc.setCreator('OpenPractice');
  doc.setProducer('OpenPractice');
  doc.setCreationDate(info.now);
  doc.setModificationDate(info.now);
  const courier = await doc.embedFont(StandardFonts.Courier);
  const label = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const form of forms) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const pen: Pen = { page, courier, label, bold, options };
    if (options.mode === 'form') drawForm(pen);
    for (const [id, value] of Object.entries(form.fields)) {
      const place = FIELDS[id];
      if (place) put(pen, place, place.row, value);
    }
    form.lines.forEach((line, i) => {
      putLine(pen, i + 1, line);
    });
  }
  return doc.save({ useObjectStreams: false });
}
