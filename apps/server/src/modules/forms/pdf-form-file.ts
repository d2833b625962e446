import {
  numberPdfFields,
  PDF_FORM_MAX_BYTES,
  PDF_FORM_MESSAGES,
  FORM_LIMITS,
  pdfValuesOf,
  type FormAnswers,
  type PdfField,
  type PdfFieldFound,
} from '@openpractice/domain';
import {
  EncryptedPDFError,
  PDFArray,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFRef,
  PDFTextField,
  StandardFonts,
  type PDFField,
} from 'pdf-lib';
import { AppError } from '../../platform/errors.ts';

/**
 * Reading a practice's fillable PDF and writing a client's answers into it (issue 18 item 3),
 * with pdf-lib. What is stored is inert: the document's open and page actions and its
 * JavaScript are removed before it is saved again, and it is served only as a download.
 */

const refuse = (message: string) => new AppError(400, message, 'file');

function kindOf(field: PDFField): PdfFieldFound | null {
  const name = field.getName();
  if (field instanceof PDFTextField)
    return { name, kind: field.isMultiline() ? 'multiline' : 'text' };
  if (field instanceof PDFCheckBox) return { name, kind: 'checkbox' };
  if (
    field instanceof PDFDropdown ||
    field instanceof PDFRadioGroup ||
    field instanceof PDFOptionList
  )
    return { name, kind: 'choice', options: field.getOptions() };
  // Buttons and signature boxes hold nothing a client types.
  return null;
}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw refuse(PDF_FORM_MESSAGES.encrypted);
    throw refuse(PDF_FORM_MESSAGES.unreadable);
  }
}

/** Removes what could run when the file is opened: open actions, page actions, JavaScript. */
function makeInert(doc: PDFDocument): void {
  doc.catalog.delete(PDFName.of('OpenAction'));
  doc.catalog.delete(PDFName.of('AA'));
  doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.delete(PDFName.of('JavaScript'));
  for (const page of doc.getPages()) page.node.delete(PDFName.of('AA'));
}

/**
 * pdf-lib's flatten deletes each field's object but leaves references to it in the page's
 * annotations and the form's field list, which readers then report as a damaged file.
 */
function dropDanglingReferences(doc: PDFDocument): void {
  const dangling = (value: unknown) =>
    value instanceof PDFRef && doc.context.lookup(value) === undefined;
  const prune = (list: PDFArray | undefined) => {
    if (!list) return;
    for (let i = list.size() - 1; i >= 0; i--) if (dangling(list.get(i))) list.remove(i);
  };
  for (const page of doc.getPages()) prune(page.node.lookupMaybe(PDFName.of('Annots'), PDFArray));
  prune(
    doc.catalog
      .lookupMaybe(PDFName.of('AcroForm'), PDFDict)
      ?.lookupMaybe(PDFName.of('Fields'), PDFArray),
  );
}

/** Checks an uploaded file is a fillable PDF; answers its inert copy and its fields. */
export async function readFillablePdf(
  body: Buffer,
): Promise<{ bytes: Uint8Array; fields: PdfField[] }> {
  if (body.length > PDF_FORM_MAX_BYTES) throw refuse(PDF_FORM_MESSAGES.tooLarge);
  if (body.subarray(0, 1024).indexOf('%PDF-') < 0) throw refuse(PDF_FORM_MESSAGES.notPdf);
  const doc = await load(body);
  let found: PdfFieldFound[];
  try {
    found = doc
      .getForm()
      .getFields()
      .map(kindOf)
      .filter((f): f is PdfFieldFound => f !== null);
  } catch {
    // pdf-lib loads damaged files leniently and fails later, on their missing parts.
    throw refuse(PDF_FORM_MESSAGES.unreadable);
  }
  if (found.length === 0) throw refuse(PDF_FORM_MESSAGES.noFields);
  if (found.length > FORM_LIMITS.items) throw refuse(PDF_FORM_MESSAGES.tooManyFields);
  makeInert(doc);
  return { bytes: await doc.save(), fields: numberPdfFields(found) };
}

function setValue(doc: PDFDocument, name: string, value: string | boolean): void {
  const field = doc.getForm().getFieldMaybe(name);
  if (!field) return;
  if (field instanceof PDFCheckBox) {
    if (value === true) field.check();
    else field.uncheck();
  } else if (field instanceof PDFTextField) {
    const max = field.getMaxLength();
    field.setText(max === undefined ? String(value) : String(value).slice(0, max));
  } else if (
    field instanceof PDFDropdown ||
    field instanceof PDFRadioGroup ||
    field instanceof PDFOptionList
  ) {
    field.select(String(value));
  }
}

/**
 * The filled copy: the answers written into the fields, the form flattened so it reads the
 * same everywhere and cannot be changed in a viewer, and the signature (typed name and date)
 * printed at the foot of the last page.
 */
export async function fillPdf(
  blank: Uint8Array,
  fields: PdfField[],
  answers: FormAnswers,
  signature: { typedName: string; signedOn: string } | null,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(blank, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const { name, value } of pdfValuesOf(fields, answers)) setValue(doc, name, value);
  doc.getForm().updateFieldAppearances(font);
  doc.getForm().flatten();
  if (signature) {
    const drawable = new Set(font.getCharacterSet());
    const clean = (text: string) =>
      Array.from(text.normalize('NFKD').replace(/\p{M}/gu, ''))
        .map((c) => (drawable.has(c.codePointAt(0) ?? 0) ? c : '?'))
        .join('');
    const pages = doc.getPages();
    const last = pages[pages.length - 1];
    last?.drawText(
      clean(`Signed electronically by "${signature.typedName}" on ${signature.signedOn}`),
      { x: 36, y: 24, size: 10, font },
    );
  }
  dropDanglingReferences(doc);
  return doc.save();
}
