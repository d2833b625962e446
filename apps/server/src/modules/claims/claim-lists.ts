import type { ClaimStatus } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  appendEvent,
  builtClaim,
  storedProblems,
  writeContent,
  type Actor,
  type StoredProblem,
} from './claim-store.ts';
import { loadClaimSources } from './claim-sources.ts';

/**
 * The claim lists (issue 20 item 8) and the re-scrub that keeps them true. A claim not yet
 * sent is scrubbed again whenever a list is read: the fix for a scrub problem is made on
 * another screen (the claim set-up, the client's diagnoses, the policy, the fee schedule, a
 * note's signature), and reading again here needs no area to tell claims what it changed.
 * A rebuilt claim whose content changed is written again; one whose problems changed gets a
 * 'scrubbed' event, which moves it between scrubProblem and readyToSubmit by itself.
 */

/** The newest version of each claim, and its newest event (the status the log derives). */
export const CURRENT = sql`claim_versions v
  join claims c on c.id = v.claim_id
  join lateral (select ev.status, ev.detail from claim_events ev
    where ev.claim_version_id = v.id order by ev.id desc limit 1) last on true`;
export const NEWEST = sql`not exists (select 1 from claim_versions n where n.claim_id = v.claim_id and n.version > v.version)`;

type Pending = {
  id: number;
  claimId: number;
  practiceId: number;
  patientControlNumber: string;
  fingerprint: string;
  status: ClaimStatus;
  problems: StoredProblem[] | null;
  clientId: number;
  practiceInsuranceId: number;
  clientInsuranceId: number | null;
  responsibility: 'primary' | 'secondary';
  attendeeIds: number[];
};

/** The same problems in the same order (jsonb keeps an object's keys in its own order). */
const sameProblems = (a: readonly StoredProblem[], b: readonly StoredProblem[]) => {
  const key = (p: StoredProblem) => [p.severity, p.code, p.field, p.fix, p.message].join('\u0000');
  return a.length === b.length && a.every((p, i) => b[i] !== undefined && key(p) === key(b[i]));
};

/** Scrubs the practice's unsent claims again (the versions locked, so two readers agree). */
export async function rescrubUnsent(db: Db, practiceId: number, actor: Actor): Promise<number> {
  const pending = await rowsOf<Pending>(
    db,
    sql`select v.id, v.claim_id as "claimId", v.practice_id as "practiceId",
          v.patient_control_number as "patientControlNumber", v.fingerprint, last.status,
          last.detail -> 'problems' as problems, c.client_id as "clientId",
          c.practice_insurance_id as "practiceInsuranceId",
          c.client_insurance_id as "clientInsuranceId", c.responsibility,
          coalesce((select array_agg(l.attendee_id order by l.position) from claim_lines l
            where l.claim_version_id = v.id and l.attendee_id is not null), '{}') as "attendeeIds"
        from ${CURRENT}
        where v.practice_id = ${practiceId} and ${NEWEST}
          and last.status in ('scrubProblem', 'readyToSubmit')
        order by v.id
        for update of v`,
  );
  let changed = 0;
  for (const version of pending) {
    const target = { ...version, practiceId };
    const loaded = await loadClaimSources(db, target, actor.now);
    if (loaded === null) continue;
    const built = builtClaim(loaded, version.patientControlNumber);
    if (built.fingerprint !== version.fingerprint)
      await writeContent(db, version, built, loaded, version.attendeeIds);
    const problems = storedProblems(built.scrub);
    if (sameProblems(problems, version.problems ?? [])) continue;
    await appendEvent(
      db,
      version,
      version.status,
      { kind: 'scrubbed', errors: built.scrub.errors.length, detail: { problems } },
      actor,
    );
    changed += 1;
  }
  return changed;
}

export type ClaimListRow = {
  claimId: number;
  version: number;
  patientControlNumber: string;
  patientId: number;
  clientName: string;
  firstDateOfService: string;
  lastDateOfService: string;
  payer: string;
  totalCents: number;
  lines: number;
  origin: 'automatic' | 'manual';
  problems: StoredProblem[];
};

const listWhere = (practiceId: number, status: ClaimStatus | null, narrower: SQL): SQL =>
  sql`v.practice_id = ${practiceId} and ${NEWEST} and ${status === null ? sql`true` : sql`last.status = ${status}`} and ${narrower}`;

/**
 * One status's claims, oldest service first, and how many there are; `narrower` is a further
 * condition on the version `v`, its claim `c` and its newest event `last` (the print lists',
 * which pass no status and say which statuses they take).
 */
export async function claimList(
  db: Db,
  input: {
    practiceId: number;
    status: ClaimStatus | null;
    limit: number;
    offset: number;
    narrower?: SQL;
  },
): Promise<{ rows: ClaimListRow[]; total: number }> {
  const where = listWhere(input.practiceId, input.status, input.narrower ?? sql`true`);
  const rows = await rowsOf<ClaimListRow>(
    db,
    sql`select v.claim_id as "claimId", v.version, v.patient_control_number as "patientControlNumber",
          c.client_id as "patientId", trim(cl.first_name || ' ' || cl.last_name) as "clientName",
          coalesce(to_char(d.first, 'YYYY-MM-DD'), '') as "firstDateOfService",
          coalesce(to_char(d.last, 'YYYY-MM-DD'), '') as "lastDateOfService",
          pi.label as payer, v.total_cents as "totalCents", d.lines, c.origin,
          coalesce(last.detail -> 'problems', '[]'::jsonb) as problems
        from ${CURRENT}
          join clients cl on cl.id = c.client_id
          join practice_insurances pi on pi.id = c.practice_insurance_id
          join lateral (select min(l.date_of_service) as first, max(l.date_of_service) as last,
            count(*)::int as lines from claim_lines l where l.claim_version_id = v.id) d on true
        where ${where}
        order by d.first nulls last, v.claim_id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${CURRENT} where ${where}`,
  );
  return { rows, total: count?.total ?? 0 };
}
