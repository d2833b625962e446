import { questionnaireOfPdfFields, type FormAnswers, type PdfField } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { randomToken } from '../../platform/tokens.ts';
import type { LoadedAssignment } from './assignment-queries.ts';
import { fillPdf } from './pdf-form-file.ts';
import type { FormActor } from './response-service.ts';

/**
 * A PDF form's filled copy (issue 18 item 3), made once when the response is complete: on
 * submit when the form needs no signature, else on signing, with the signature printed on it.
 * The copy is written to storage before its row, in the response's transaction: if that
 * transaction fails, the file is an orphan nobody can reach, never a row without its file.
 */
export async function keepFilledPdf(
  db: Db,
  actor: FormActor,
  loaded: LoadedAssignment,
  answers: FormAnswers,
  signature: { typedName: string; signedOn: string } | null,
): Promise<void> {
  if (loaded.pdfFileKey === null || loaded.pdfFields === null || loaded.filledPdfKey !== null)
    return;
  const [response] = await rowsOf<{ id: number }>(
    db,
    sql`select id from form_responses where assignment_id = ${loaded.id}`,
  );
  const { storage } = actor;
  if (!storage) throw new Error('PDF form completed without storage');
  const blank = await storage.get(loaded.pdfFileKey);
  if (!response || !blank) throw new Error('PDF form file or response missing');
  const filled = await fillPdf(blank, loaded.pdfFields, answers, signature);
  const key = `practices/${String(actor.practiceId)}/forms/filled-${randomToken(16)}.pdf`;
  await storage.put(key, Buffer.from(filled));
  await db.execute(
    sql`insert into form_response_pdfs (practice_id, response_id, storage_key)
        values (${actor.practiceId}, ${response.id}, ${key})`,
  );
}

export const PDF_FORM_FIXED =
  'A PDF form’s questions are its PDF’s fields: upload the changed PDF as a new form.';

/** Makes a published form from an uploaded PDF: its fields are the items, version 1 at once. */
export async function createPdfDefinition(
  db: Db,
  actor: { practiceId: number; userId: number; now: Date },
  input: { name: string; signatureRequired: boolean; key: string; fields: PdfField[] },
) {
  const now = actor.now.toISOString();
  const questionnaire = questionnaireOfPdfFields(input.name, input.fields, input.signatureRequired);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into form_definitions (practice_id, name, current_version, created_at, updated_at)
        values (${actor.practiceId}, ${input.name}, 1, ${now}::timestamptz, ${now}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('definition not written');
  await db.execute(
    sql`insert into form_definition_versions (practice_id, definition_id, version, questionnaire,
          signature_required, published_at, published_by_user_id, pdf_file_key, pdf_fields)
        values (${actor.practiceId}, ${row.id}, 1, ${JSON.stringify(questionnaire)}::jsonb,
          ${input.signatureRequired}, ${now}::timestamptz, ${actor.userId}, ${input.key},
          ${JSON.stringify(input.fields)}::jsonb)`,
  );
  return row.id;
}

/** The stored blank PDF of a definition's current version, or null when it is not a PDF form. */
export async function pdfFileKeyOf(db: Db, practiceId: number, definitionId: number) {
  const [row] = await rowsOf<{ key: string | null }>(
    db,
    sql`select v.pdf_file_key as key from form_definitions fd
        join form_definition_versions v on v.definition_id = fd.id and v.version = fd.current_version
        where fd.id = ${definitionId} and fd.practice_id = ${practiceId}`,
  );
  return row?.key ?? null;
}
