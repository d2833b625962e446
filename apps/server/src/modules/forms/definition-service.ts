import {
  FORM_LIBRARY,
  libraryForm,
  unsupportedReasons,
  type Questionnaire,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { definitionRow, definitionRows, detailOf, versionFacts } from './definition-queries.ts';
import { PDF_FORM_FIXED, pdfFileKeyOf } from './pdf-form-service.ts';

/**
 * Writing form definitions (issue 18 item 1). A draft is edited freely; publishing copies it
 * into a new numbered version, which the database never lets change, so answers given with
 * an older version keep their questions. Locked forms (the validated measures) are neither
 * drafted nor republished: a changed wording would no longer be the instrument.
 */

export const LOCKED_FORM = 'This form is a validated instrument and cannot be edited.';
export const NOTHING_TO_PUBLISH = 'There is no draft to publish.';
export const LIBRARY_FORM_ADDED = 'This form is already in your forms.';

type Actor = { practiceId: number; userId: number; now: Date };

async function insertVersion(
  db: Db,
  actor: Actor,
  definitionId: number,
  questionnaire: Questionnaire,
) {
  const facts = versionFacts(questionnaire);
  const [row] = await rowsOf<{ version: number }>(
    db,
    sql`insert into form_definition_versions (practice_id, definition_id, version, questionnaire, measure, signature_required, published_at, published_by_user_id)
        select ${actor.practiceId}, ${definitionId}, coalesce(max(version), 0) + 1, ${JSON.stringify(questionnaire)}::jsonb,
               ${facts.measure}, ${facts.signatureRequired}, ${actor.now.toISOString()}::timestamptz, ${actor.userId}
          from form_definition_versions where definition_id = ${definitionId}
        returning version`,
  );
  if (!row) throw new Error('version not written');
  await db.execute(
    sql`update form_definitions set current_version = ${row.version}, name = ${questionnaire.title},
          draft = null, updated_at = ${actor.now.toISOString()}::timestamptz
        where id = ${definitionId} and practice_id = ${actor.practiceId}`,
  );
  return row.version;
}

export async function createDefinition(
  db: Db,
  actor: Actor,
  input: { questionnaire: Questionnaire; autoAssign: boolean },
) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into form_definitions (practice_id, name, auto_assign, draft, created_at, updated_at)
        values (${actor.practiceId}, ${input.questionnaire.title}, ${input.autoAssign},
                ${JSON.stringify(input.questionnaire)}::jsonb, ${actor.now.toISOString()}::timestamptz, ${actor.now.toISOString()}::timestamptz)
        returning id`,
  );
  if (!row) throw new Error('definition not written');
  return detailOf(db, await definitionRow(db, actor.practiceId, row.id));
}

export async function saveDraft(db: Db, actor: Actor, id: number, questionnaire: Questionnaire) {
  const current = await definitionRow(db, actor.practiceId, id);
  if (current.locked) throw conflict(LOCKED_FORM);
  if ((await pdfFileKeyOf(db, actor.practiceId, id)) !== null) throw conflict(PDF_FORM_FIXED);
  await db.execute(
    sql`update form_definitions set draft = ${JSON.stringify(questionnaire)}::jsonb,
          updated_at = ${actor.now.toISOString()}::timestamptz
        where id = ${id} and practice_id = ${actor.practiceId}`,
  );
  return detailOf(db, await definitionRow(db, actor.practiceId, id));
}

export async function publishDraft(db: Db, actor: Actor, id: number) {
  // Lock the row: two managers publishing at once get versions n+1 and n+2, not a clash.
  await db.execute(
    sql`select 1 from form_definitions where id = ${id} and practice_id = ${actor.practiceId} for update`,
  );
  const current = await definitionRow(db, actor.practiceId, id);
  if (current.locked) throw conflict(LOCKED_FORM);
  if (!current.draft) throw conflict(NOTHING_TO_PUBLISH);
  const version = await insertVersion(db, actor, id, current.draft);
  return { detail: await detailOf(db, await definitionRow(db, actor.practiceId, id)), version };
}

export async function saveSettings(
  db: Db,
  actor: Actor,
  id: number,
  input: { active: boolean; autoAssign: boolean },
) {
  await definitionRow(db, actor.practiceId, id);
  await db.execute(
    sql`update form_definitions set active = ${input.active}, auto_assign = ${input.autoAssign},
          updated_at = ${actor.now.toISOString()}::timestamptz
        where id = ${id} and practice_id = ${actor.practiceId}`,
  );
  return detailOf(db, await definitionRow(db, actor.practiceId, id));
}

/** Definitions the renderer cannot show, with why (their current version, else their draft). */
export async function unsupportedDefinitions(db: Db, practiceId: number) {
  const rows = await definitionRows(db, practiceId);
  return rows.flatMap((row) => {
    const shown = row.published ?? row.draft;
    const reasons = shown ? unsupportedReasons(shown) : ['It has no content yet.'];
    return reasons.length
      ? [{ id: row.id, name: row.name, version: row.currentVersion, reasons }]
      : [];
  });
}

export async function libraryList(db: Db, practiceId: number) {
  const added = await rowsOf<{ key: string; id: number }>(
    db,
    sql`select library_key as key, min(id)::int as id from form_definitions
        where practice_id = ${practiceId} and library_key is not null group by library_key`,
  );
  const byKey = new Map(added.map((r) => [r.key, r.id]));
  return FORM_LIBRARY.map((form) => ({
    key: form.key,
    name: form.name,
    description: form.description,
    category: form.category,
    locked: form.locked,
    autoAssign: form.autoAssign,
    questionnaire: form.questionnaire,
    addedDefinitionId: byKey.get(form.key) ?? null,
  }));
}

/**
 * Adds a library form in one step: a definition published as version 1. A practice form of
 * the same name made before the library (the stub forms) is given the library's content as
 * its next version instead of a second form of that name.
 */
export async function addLibraryForm(db: Db, actor: Actor, key: string) {
  const form = libraryForm(key);
  if (!form) throw notFound('There is no such library form.');
  const [existing] = await rowsOf<{ id: number; libraryKey: string | null }>(
    db,
    sql`select id, library_key as "libraryKey" from form_definitions
        where practice_id = ${actor.practiceId} and (library_key = ${key} or (library_key is null and lower(name) = lower(${form.name})))
        order by (library_key = ${key}) desc nulls last, id limit 1 for update`,
  );
  if (existing?.libraryKey === key) throw conflict(LIBRARY_FORM_ADDED);
  let id = existing?.id;
  if (id === undefined) {
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`insert into form_definitions (practice_id, name, auto_assign, locked, library_key, created_at, updated_at)
          values (${actor.practiceId}, ${form.name}, ${form.autoAssign}, ${form.locked}, ${key},
                  ${actor.now.toISOString()}::timestamptz, ${actor.now.toISOString()}::timestamptz)
          returning id`,
    );
    id = row?.id;
  } else {
    await db.execute(
      sql`update form_definitions set library_key = ${key}, locked = ${form.locked} where id = ${id}`,
    );
  }
  if (id === undefined) throw new Error('definition not written');
  await insertVersion(db, actor, id, form.questionnaire);
  return detailOf(db, await definitionRow(db, actor.practiceId, id));
}
