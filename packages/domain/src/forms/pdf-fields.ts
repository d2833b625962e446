import {
  FORM_LIMITS,
  type FormAnswers,
  type Questionnaire,
  type QuestionnaireItem,
} from './questionnaire.ts';

/**
 * PDF forms (issue 18 item 3): a practice's existing fillable PDF becomes a form whose items
 * are the PDF's fields, so the client fills it with the same renderer, saving as they go, and
 * the server writes the answers back into the PDF. Each field keeps its PDF name beside the
 * item's linkId (`p1`, `p2`… — PDF field names may hold any character), and a choice's
 * options are coded by position for the same reason.
 */

export type PdfFieldKind = 'text' | 'multiline' | 'checkbox' | 'choice';
export type PdfField = { linkId: string; name: string; kind: PdfFieldKind; options?: string[] };

/** A field as read from the PDF, before it is given its linkId. */
export type PdfFieldFound = Omit<PdfField, 'linkId'>;

export const PDF_FORM_MAX_BYTES = 5 * 1024 * 1024;

export const PDF_FORM_MESSAGES = {
  notPdf: 'This file is not a PDF. Choose a fillable PDF form.',
  tooLarge: 'The PDF is larger than 5 MB. Choose a smaller file.',
  unreadable: 'This PDF could not be read. Save it again from your PDF editor and try again.',
  encrypted: 'This PDF is protected by a password. Upload a copy without protection.',
  noFields: 'This PDF has no fields to fill in. Upload a fillable PDF form.',
  tooManyFields: `This PDF has more than ${String(FORM_LIMITS.items)} fields.`,
} as const;

const optionCode = (index: number) => `o${String(index + 1)}`;

/** The fields as numbered for the form: `p1`, `p2`… in the PDF's order. */
export function numberPdfFields(found: PdfFieldFound[]): PdfField[] {
  return found.map((field, index) => ({ ...field, linkId: `p${String(index + 1)}` }));
}

function itemOf(field: PdfField): QuestionnaireItem {
  const text = field.name.slice(0, FORM_LIMITS.text);
  if (field.kind === 'checkbox') return { linkId: field.linkId, text, type: 'boolean' };
  if (field.kind === 'choice')
    return {
      linkId: field.linkId,
      text,
      type: 'choice',
      answerOption: (field.options ?? []).slice(0, FORM_LIMITS.options).map((option, index) => ({
        valueCoding: { code: optionCode(index), display: option.slice(0, FORM_LIMITS.text) },
      })),
    };
  return { linkId: field.linkId, text, type: field.kind === 'multiline' ? 'text' : 'string' };
}

/** The form a PDF's fields make: one item per field, in the PDF's order. */
export function questionnaireOfPdfFields(
  title: string,
  fields: PdfField[],
  signatureRequired: boolean,
): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    title,
    ...(signatureRequired ? { signatureRequired: true } : {}),
    item: fields.map(itemOf),
  };
}

/** What to write into each PDF field from the answers; unanswered fields stay blank. */
export type PdfValue = { name: string; kind: PdfFieldKind; value: string | boolean };

export function pdfValuesOf(fields: PdfField[], answers: FormAnswers): PdfValue[] {
  return fields.flatMap((field): PdfValue[] => {
    const answer = answers[field.linkId];
    if (answer === undefined || Array.isArray(answer)) return [];
    if (field.kind === 'checkbox')
      return [{ name: field.name, kind: field.kind, value: answer === true }];
    if (field.kind === 'choice') {
      const option = (field.options ?? []).find((_, i) => optionCode(i) === answer);
      return option === undefined ? [] : [{ name: field.name, kind: field.kind, value: option }];
    }
    return [{ name: field.name, kind: field.kind, value: String(answer) }];
  });
}
