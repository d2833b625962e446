import {
  claimFromSessions,
  claimStatusAfter,
  claimTotalCents,
  CLAIM_RULES,
  lineControlNumberOf,
  patientControlNumberOf,
  scrubClaim,
  type Claim,
  type ClaimEvent,
  type ClaimProblem,
  type ClaimStatus,
  type ScrubResult,
} from '@openpractice/domain';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { preparedRowsOf } from '../../db/prepared.ts';
import { idArray, textArray } from '../../platform/sql.ts';
import { loadClaimSources, type ClaimTarget, type LoadedSources } from './claim-sources.ts';

/**
 * Writing claims (issue 20 item 2): a claim, its first version with its diagnoses, lines and
 * providers, the sessions it bills, and its first event, all in the caller's transaction. The
 * content of a version is built by the domain (claimFromSessions) from what claim-sources.ts
 * reads and scrubbed there; the event records what the scrub found and the status it derives.
 */

export type Actor = { userId: number | null; now: Date };

/** A scrub's problems as an event keeps them (and the lists answer them): errors, then warnings. */
export type StoredProblem = ClaimProblem & { severity: 'error' | 'warning' };

export function storedProblems(result: ScrubResult): StoredProblem[] {
  return [...result.errors, ...result.warnings].map((p) => ({
    ...p,
    severity: CLAIM_RULES[p.code].severity,
  }));
}

/** What a version's content was built from: a change means its rows are written again. */
const fingerprintOf = (claim: Claim, loaded: LoadedSources) =>
  createHash('sha256')
    .update(JSON.stringify([claim, loaded.renderingTherapistId, loaded.supervisingTherapistId]))
    .digest('base64url');

/** The claim of a numbered version, and its scrub (the unsigned notes known by line number). */
export function builtClaim(loaded: LoadedSources, patientControlNumber: string) {
  const claim = claimFromSessions(loaded.sources, {
    patientControlNumber,
    frequency: '1',
    originalClaimNumber: null,
  });
  const unsignedNoteLines = loaded.unsignedPositions.map((n) =>
    lineControlNumberOf(patientControlNumber, n),
  );
  const scrub = scrubClaim(claim, { ...loaded.context, unsignedNoteLines });
  return { claim, scrub, fingerprint: fingerprintOf(claim, loaded) };
}

type VersionRef = { id: number; claimId: number; practiceId: number };

/** The version's content columns and its lines, replacing what was there. */
export async function writeContent(
  db: Db,
  version: VersionRef,
  built: ReturnType<typeof builtClaim>,
  loaded: LoadedSources,
  attendeeIds: readonly number[],
): Promise<void> {
  const { claim, fingerprint } = built;
  await db.execute(sql`update claim_versions set place_of_service = ${claim.placeOfService},
      diagnoses = ${textArray(claim.diagnoses)},
      prior_authorisation = ${claim.priorAuthorisation ?? null},
      rendering_therapist_id = ${loaded.renderingTherapistId},
      supervising_therapist_id = ${loaded.supervisingTherapistId},
      total_cents = ${claimTotalCents(claim)}, fingerprint = ${fingerprint}
    where id = ${version.id}`);
  await db.execute(sql`delete from claim_lines where claim_version_id = ${version.id}`);
  for (const [index, line] of claim.lines.entries()) {
    await db.execute(sql`insert into claim_lines (claim_id, claim_version_id, position, attendee_id,
        date_of_service, procedure_code, modifiers, units, charge_cents, place_of_service,
        diagnosis_pointers, line_control_number)
      values (${version.claimId}, ${version.id}, ${index + 1}, ${attendeeIds[index] ?? null},
        ${line.dateOfService}, ${line.procedureCode}, ${textArray(line.modifiers)}, ${line.units},
        ${line.chargeCents}, ${line.placeOfService ?? claim.placeOfService},
        ${idArray(line.diagnosisPointers)}, ${line.lineControlNumber})`);
  }
}

/** Appends an event, with the status the events before it and this one derive. */
export async function appendEvent(
  db: Db,
  version: VersionRef,
  before: ClaimStatus | null,
  event: ClaimEvent & { detail?: Record<string, unknown> },
  actor: Actor,
): Promise<ClaimStatus> {
  const status = claimStatusAfter(before, event) ?? 'scrubProblem';
  // Prepared on the embedded database: a batch or an ERA appends hundreds of these.
  await preparedRowsOf(
    db,
    sql`insert into claim_events (claim_id, claim_version_id, practice_id, kind,
      status, detail, at, user_id)
    values (${version.claimId}, ${version.id}, ${version.practiceId}, ${event.kind}, ${status},
      ${JSON.stringify(event.detail ?? {})}::jsonb, ${actor.now}, ${actor.userId})`,
  );
  return status;
}

export type CreatedClaim = {
  claimId: number;
  patientControlNumber: string;
  status: ClaimStatus;
  problems: StoredProblem[];
};

/**
 * Creates a claim for sessions none of whose `responsibility` is claimed yet (the caller
 * checked, with the attendees locked); the database refuses a session claimed twice.
 */
export async function createClaim(
  db: Db,
  target: ClaimTarget,
  origin: 'automatic' | 'manual',
  actor: Actor,
): Promise<CreatedClaim> {
  const loaded = await loadClaimSources(db, target, actor.now);
  if (loaded === null) throw new Error('the claim’s client is not the practice’s');
  const [claim] = await rowsOf<{ id: number }>(
    db,
    sql`insert into claims (practice_id, client_id, practice_insurance_id, client_insurance_id,
          responsibility, origin, created_at, created_by)
        values (${target.practiceId}, ${target.clientId}, ${target.practiceInsuranceId},
          ${target.clientInsuranceId}, ${target.responsibility}, ${origin}, ${actor.now},
          ${actor.userId})
        returning id`,
  );
  if (claim === undefined) throw new Error('no claim was inserted');
  const patientControlNumber = patientControlNumberOf(claim.id, 1);
  const built = builtClaim(loaded, patientControlNumber);
  const [version] = await rowsOf<{ id: number }>(
    db,
    sql`insert into claim_versions (claim_id, practice_id, version, patient_control_number,
          place_of_service, total_cents, fingerprint, created_at)
        values (${claim.id}, ${target.practiceId}, 1, ${patientControlNumber},
          ${built.claim.placeOfService}, 0, '', ${actor.now})
        returning id`,
  );
  if (version === undefined) throw new Error('no claim version was inserted');
  const ref = { id: version.id, claimId: claim.id, practiceId: target.practiceId };
  await writeContent(db, ref, built, loaded, target.attendeeIds);
  for (const attendeeId of target.attendeeIds)
    await db.execute(sql`insert into claim_sessions (attendee_id, responsibility, claim_id, practice_id)
      values (${attendeeId}, ${target.responsibility}, ${claim.id}, ${target.practiceId})`);
  const problems = storedProblems(built.scrub);
  const status = await appendEvent(
    db,
    ref,
    null,
    { kind: 'created', errors: built.scrub.errors.length, detail: { origin, problems } },
    actor,
  );
  return { claimId: claim.id, patientControlNumber, status, problems };
}
