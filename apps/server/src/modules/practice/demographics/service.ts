import {
  CUSTOM_DEMOGRAPHIC_NAME,
  demographicOptionsMessage,
  type DemographicFieldType,
  type DemographicValue,
} from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { practiceDemographicSettings } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { requireText } from '../../../platform/validation.ts';
import { loadDemographicSettings, type DemographicSettings } from './queries.ts';

export type DemographicSettingInput = {
  label?: string | undefined;
  value: DemographicValue;
  type?: DemographicFieldType | undefined;
  options?: string[] | undefined;
};

type Row = {
  name: string;
  label: string;
  value: DemographicValue;
  type: DemographicFieldType;
  options: string[];
  added: boolean;
};

/** Custom fields come after the standard ones, in the order they were added. */
const CUSTOM_SORT_START = 100;

function wantedRow(
  name: string,
  wanted: DemographicSettingInput,
  existing: DemographicSettings[string] | undefined,
): Row {
  if (!existing && !CUSTOM_DEMOGRAPHIC_NAME.test(name)) {
    throw badRequest(`'${name}' is not a demographic field of this practice.`, 'settings');
  }
  const field = `settings.${name}`;
  const label =
    wanted.label === undefined
      ? (existing?.label ?? requireText('', `${field}.label`))
      : requireText(wanted.label, `${field}.label`);
  const type = wanted.type ?? existing?.type ?? 'text';
  if (existing && !existing.custom && type !== existing.type) {
    throw badRequest(
      `${existing.label} is a standard field: its type cannot change.`,
      `${field}.type`,
    );
  }
  const options = (wanted.options ?? (type === existing?.type ? existing.options : [])).map((o) =>
    o.trim(),
  );
  const optionsCheck = demographicOptionsMessage(type, options);
  if (optionsCheck !== true) throw badRequest(`${label}: ${optionsCheck}`, `${field}.options`);
  return { name, label, value: wanted.value, type, options, added: !existing };
}

function differs(row: Row, existing: DemographicSettings[string] | undefined): boolean {
  return (
    !existing ||
    row.label !== existing.label ||
    row.value !== existing.value ||
    row.type !== existing.type ||
    JSON.stringify(row.options) !== JSON.stringify(existing.options)
  );
}

/** What the audit row names for one change: the value moved, and which other parts changed. */
function auditOf(row: Row, existing: DemographicSettings[string] | undefined) {
  const detail: Record<string, unknown> = { from: existing?.value ?? null, to: row.value };
  if (row.added) detail.added = row.type;
  else if (existing) {
    if (row.label !== existing.label) detail.label = true;
    if (row.type !== existing.type) detail.type = row.type;
    if (JSON.stringify(row.options) !== JSON.stringify(existing.options)) detail.options = true;
  }
  return detail;
}

/**
 * Saves the practice's demographic settings (spec-2 §7: the whole map; fields
 * left out stay as they are). Every entry is checked before anything is
 * written, so a refused map changes nothing. Null when nothing changed, else
 * the audit detail and the settings now.
 */
export async function saveDemographicSettings(
  db: Db,
  practiceId: number,
  settings: Record<string, DemographicSettingInput>,
) {
  const current = await loadDemographicSettings(db, practiceId);
  const rows = Object.entries(settings).map(([name, wanted]) =>
    wantedRow(name, wanted, current[name]),
  );
  // Labels stay distinct across the map as it will be (a renamed field frees its old label).
  const finalLabels = new Map(Object.entries(current).map(([name, s]) => [name, s.label]));
  for (const row of rows) finalLabels.set(row.name, row.label);
  const seen = new Set<string>();
  for (const [name, label] of finalLabels) {
    if (seen.has(label.toLowerCase())) {
      throw badRequest(`Another field is already called ${label}.`, `settings.${name}.label`);
    }
    seen.add(label.toLowerCase());
  }
  const changes = rows.filter((row) => differs(row, current[row.name]));
  if (changes.length === 0) return null;
  for (const row of changes) await writeRow(db, practiceId, row);
  return {
    detail: Object.fromEntries(changes.map((row) => [row.name, auditOf(row, current[row.name])])),
    data: await loadDemographicSettings(db, practiceId),
  };
}

async function writeRow(db: Db, practiceId: number, row: Row) {
  const values = { label: row.label, value: row.value, fieldType: row.type, options: row.options };
  if (!row.added) {
    await db
      .update(practiceDemographicSettings)
      .set(values)
      .where(
        and(
          eq(practiceDemographicSettings.practiceId, practiceId),
          eq(practiceDemographicSettings.name, row.name),
        ),
      );
    return;
  }
  await db.insert(practiceDemographicSettings).values({
    ...values,
    practiceId,
    name: row.name,
    custom: true,
    sortOrder: sql`greatest(${CUSTOM_SORT_START}, (select coalesce(max(sort_order), 0) + 1 from practice_demographic_settings where practice_id = ${practiceId}))`,
  });
}
