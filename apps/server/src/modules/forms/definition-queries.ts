import { measureOfQuestionnaire, type Questionnaire } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';

/** Reads of the practice's form definitions; every query is scoped by practice. */

export const DEFINITION_NOT_FOUND = 'We could not find that form.';

export type DefinitionRow = {
  id: number;
  name: string;
  active: boolean;
  autoAssign: boolean;
  locked: boolean;
  libraryKey: string | null;
  currentVersion: number | null;
  draft: Questionnaire | null;
  updatedAt: Date;
  published: Questionnaire | null;
  measure: 'phq9' | 'gad7' | null;
  signatureRequired: boolean;
};

const SELECT = sql`select fd.id, fd.name, fd.active, fd.auto_assign as "autoAssign", fd.locked,
    fd.library_key as "libraryKey", fd.current_version as "currentVersion", fd.draft,
    fd.updated_at as "updatedAt", v.questionnaire as published, v.measure,
    coalesce(v.signature_required, false) as "signatureRequired"
  from form_definitions fd
  left join form_definition_versions v on v.definition_id = fd.id and v.version = fd.current_version`;

export function definitionRows(db: Db, practiceId: number, where = sql`true`) {
  return rowsOf<DefinitionRow>(
    db,
    sql`${SELECT} where fd.practice_id = ${practiceId} and ${where} order by lower(fd.name), fd.id`,
  );
}

export async function definitionRow(db: Db, practiceId: number, id: number) {
  const [row] = await definitionRows(db, practiceId, sql`fd.id = ${id}`);
  if (!row) throw notFound(DEFINITION_NOT_FOUND);
  return row;
}

export const summaryOf = (row: DefinitionRow) => ({
  id: row.id,
  name: row.name,
  active: row.active,
  autoAssign: row.autoAssign,
  locked: row.locked,
  libraryKey: row.libraryKey,
  currentVersion: row.currentVersion,
  hasDraft: row.draft !== null,
  measure: row.measure,
  signatureRequired: row.signatureRequired,
  updatedAt: row.updatedAt,
});

export async function versionsOf(db: Db, definitionId: number) {
  return rowsOf<{
    version: number;
    publishedAt: Date;
    publishedBy: string | null;
    assignments: number;
  }>(
    db,
    sql`select v.version, v.published_at as "publishedAt",
          nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "publishedBy",
          (select count(*)::int from client_form_assignments a where a.definition_version_id = v.id) as assignments
        from form_definition_versions v left join users u on u.id = v.published_by_user_id
        where v.definition_id = ${definitionId} order by v.version desc`,
  );
}

/** One published version's content, or 404. */
export async function versionContent(db: Db, definitionId: number, version: number) {
  const [row] = await rowsOf<{ questionnaire: Questionnaire }>(
    db,
    sql`select questionnaire from form_definition_versions where definition_id = ${definitionId} and version = ${version}`,
  );
  if (!row) throw notFound('That form has no such version.');
  return row.questionnaire;
}

export async function detailOf(db: Db, row: DefinitionRow) {
  return {
    ...summaryOf(row),
    published: row.published,
    draft: row.draft,
    versions: await versionsOf(db, row.id),
  };
}

/** What a published version records beside its content, derived from it. */
export const versionFacts = (questionnaire: Questionnaire) => ({
  measure: measureOfQuestionnaire(questionnaire),
  signatureRequired: questionnaire.signatureRequired === true,
});
