import { DEMOGRAPHIC_VALUES, STANDARD_DEMOGRAPHIC_FIELDS } from '@openpractice/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { practiceDemographicSettings } from '../../../db/schema/index.ts';

const OFF = DEMOGRAPHIC_VALUES[1];

/**
 * The practice's demographic fields keyed by name, in the practice's order
 * (spec-2 §3: value OFF means disabled). A practice that has none yet (one
 * started without demo data) gets the standard fields on first read.
 */
export async function loadDemographicSettings(db: Db, practiceId: number) {
  let rows = await readRows(db, practiceId);
  if (rows.length === 0) {
    await ensureStandardDemographicFields(db, practiceId);
    rows = await readRows(db, practiceId);
  }
  return Object.fromEntries(
    rows.map((r) => [
      r.name,
      { label: r.label, value: r.value, type: r.type, options: r.options, custom: r.custom },
    ]),
  );
}
export type DemographicSettings = Awaited<ReturnType<typeof loadDemographicSettings>>;

function readRows(db: Db, practiceId: number) {
  return db
    .select({
      name: practiceDemographicSettings.name,
      label: practiceDemographicSettings.label,
      value: practiceDemographicSettings.value,
      type: practiceDemographicSettings.fieldType,
      options: practiceDemographicSettings.options,
      custom: practiceDemographicSettings.custom,
    })
    .from(practiceDemographicSettings)
    .where(eq(practiceDemographicSettings.practiceId, practiceId))
    .orderBy(asc(practiceDemographicSettings.sortOrder), asc(practiceDemographicSettings.name));
}

/** Creates the standard fields a practice lacks (idempotent; nothing is changed). */
export async function ensureStandardDemographicFields(db: Db, practiceId: number) {
  await db
    .insert(practiceDemographicSettings)
    .values(STANDARD_DEMOGRAPHIC_FIELDS.map((f) => ({ ...f, practiceId })))
    .onConflictDoNothing();
}

/** The client's answers for the fields the practice collects; unanswered ones are null. */
export function demographicsOf(
  stored: Record<string, string | null>,
  settings: DemographicSettings,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, s]) => s.value !== OFF)
      .map(([name]) => [name, stored[name] ?? null]),
  );
}

/** Registration's list: the fields collected, in order, with whether each must be answered. */
export function enabledDemographicsOf(settings: DemographicSettings) {
  return Object.entries(settings)
    .filter(([, s]) => s.value !== OFF)
    .map(([name, s]) => ({
      name,
      label: s.label,
      type: s.type,
      options: s.options,
      required: s.value === 'REQUIRED',
    }));
}
