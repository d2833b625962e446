import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import { idArray } from '../../../platform/sql.ts';

export type NamedTherapist = {
  id: number;
  name: string;
  active: boolean;
  /** The therapist may hold telehealth sessions (the practice's feature and their own setting). */
  telehealth: boolean;
};
export type NamedLocation = { id: number; name: string; active: boolean };

/** The practice's therapists among `ids`, by last then first name; others' ids are left out. */
export function therapistsOfPractice(
  db: Db,
  practiceId: number,
  ids: readonly number[],
): Promise<NamedTherapist[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<NamedTherapist>(
    db,
    sql`select t.id, btrim(t.first_name || ' ' || t.last_name) as name, t.active,
          t.telehealth_enabled and coalesce((ps.features ->> 'telehealth')::boolean, false) as telehealth
        from therapists t
        left join practice_settings ps on ps.practice_id = t.practice_id
        where t.practice_id = ${practiceId} and t.id = any(${idArray(ids)})
        order by lower(t.last_name), lower(t.first_name), t.id`,
  );
}

/** The practice's locations among `ids`; others' ids are left out. */
export function locationsOfPractice(
  db: Db,
  practiceId: number,
  ids: readonly number[],
): Promise<NamedLocation[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<NamedLocation>(
    db,
    sql`select l.id, l.name, l.active from locations l
        where l.practice_id = ${practiceId} and l.id = any(${idArray(ids)})
        order by lower(l.name), l.id`,
  );
}
