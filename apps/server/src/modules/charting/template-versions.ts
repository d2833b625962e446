import type * as contract from '@openpractice/contracts/charting/templates';
import type { NoteTemplateDefinition } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { templateAnswer } from './note-detail.ts';
import { CHARTING_MESSAGES } from './refusals.ts';

type ManagedTemplate = z.output<typeof contract.managedTemplate>;
type VersionInput = z.output<typeof contract.templateVersionInput>;

type VersionRow = {
  id: number;
  key: string;
  version: number;
  practiceId: number | null;
  definition: NoteTemplateDefinition;
  createdAt: Date;
  notes: number;
};

/**
 * Every version of each template the practice sees (its own and the shipped ones), newest
 * first, with how many of the practice's notes were written with each: one query.
 */
async function versionRows(db: Db, practiceId: number, key?: string): Promise<VersionRow[]> {
  return rowsOf<VersionRow>(
    db,
    sql`select t.id, t.key, t.version, t.practice_id as "practiceId", t.definition,
               t.created_at as "createdAt",
               (select count(*)::int from chart_notes n
                where n.template_id = t.id and n.practice_id = ${practiceId}) as notes
        from note_templates t
        where (t.practice_id = ${practiceId} or t.practice_id is null)
          ${key === undefined ? sql`` : sql`and t.key = ${key}`}
        order by t.key, (t.practice_id is null), t.version desc`,
  );
}

/** Rows grouped by template, the current (first) one of each leading, as currentTemplates picks it. */
function managed(rows: VersionRow[]): ManagedTemplate[] {
  const byKey = new Map<string, VersionRow[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  return [...byKey.values()].flatMap(([current, ...older]) =>
    current
      ? [
          {
            current: templateAnswer(current),
            source: current.practiceId === null ? ('shipped' as const) : ('practice' as const),
            createdAt: current.createdAt,
            versions: [current, ...older]
              .sort((a, b) => b.version - a.version)
              .map((v) => ({ version: v.version, notes: v.notes, createdAt: v.createdAt })),
          },
        ]
      : [],
  );
}

export async function managedTemplates(db: Db, practiceId: number): Promise<ManagedTemplate[]> {
  return managed(await versionRows(db, practiceId));
}

/**
 * A new version of a template: a new row for the practice, numbered after every version
 * there is, which new notes then start with. No row is ever changed, so every note keeps
 * the version it was written with. The key and the service it is for stay the template's.
 */
export async function saveTemplateVersion(
  db: Db,
  practiceId: number,
  key: string,
  input: VersionInput,
  now: Date,
): Promise<ManagedTemplate> {
  const rows = await versionRows(db, practiceId, key);
  const current = rows[0];
  if (!current) throw notFound(CHARTING_MESSAGES.unknownTemplate);
  const version = Math.max(...rows.map((r) => r.version)) + 1;
  const definition: NoteTemplateDefinition = {
    key,
    version,
    name: input.name.trim(),
    cptCode: current.definition.cptCode,
    sections: input.sections.map((s) => ({ ...s, title: s.title.trim() })),
  };
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`insert into note_templates (practice_id, key, version, name, cpt_code, definition, created_at)
        values (${practiceId}, ${key}, ${version}, ${definition.name}, ${definition.cptCode},
                ${JSON.stringify(definition)}::jsonb, ${now.toISOString()})
        on conflict do nothing returning id`,
  );
  // Two managers saving at once: the second is told, rather than numbering past the first's.
  if (inserted.length === 0) throw conflict(CHARTING_MESSAGES.templateChangedElsewhere);
  const [saved] = managed(await versionRows(db, practiceId, key));
  if (!saved) throw new Error(`Template ${key} vanished.`);
  return saved;
}
