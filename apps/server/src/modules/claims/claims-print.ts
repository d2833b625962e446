import { cms1500Forms, type Claim, type ClaimStatus } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { idArray } from '../../platform/sql.ts';
import { claimList, CURRENT, NEWEST, rescrubUnsent } from './claim-lists.ts';
import { loadClaimSources } from './claim-sources.ts';
import { appendEvent, builtClaim, type Actor } from './claim-store.ts';
import { claimSummaryPdf } from './claim-summary-pdf.ts';
import { cms1500Pdf, type PrintOptions } from './cms1500-pdf.ts';

/**
 * Paper claims (issue 20 item 5). A claim is printed on the CMS-1500 when it is ready and the
 * practice is not enrolled with its payer for electronic claims (the claim set-up's
 * `claims_enrolled`): the payer takes it on paper, or not at all. printPrimary and
 * printSecondary split those by the claim's turn; a secondary claim whose only blocking problem
 * is the primary payer's adjudication (otherPayer…) is printable too, since on paper the
 * primary's EOB is sent with the form instead. Printing one is its submission: a `submitted` event, so it leaves
 * the list and the missing-claim clock starts. printSimple lists every ready claim, for a plain
 * one-page summary a client or any payer can be given; that is a copy, so it changes nothing
 * on the claim and only the audit row records it.
 */

export type PrintList = 'primary' | 'secondary' | 'simple';

export const PRINT_MESSAGES = {
  notFound: 'We could not find that claim.',
  notOnList:
    'That claim is not on this list any more: it may have been printed or submitted already, or it has a problem to fix.',
} as const;

const NOT_ENROLLED = sql`not exists (select 1 from claim_payer_enrolments e
  where e.practice_insurance_id = c.practice_insurance_id and e.claims_enrolled)`;

// Only the primary payer's adjudication is missing: on paper, its EOB goes with the form.
const PAPER_ONLY_ERRORS = sql`not exists (select 1
  from jsonb_array_elements(coalesce(last.detail -> 'problems', '[]'::jsonb)) p
  where p ->> 'severity' = 'error' and p ->> 'code' not like 'otherPayer%')`;

/** Which claims a list holds, as a condition on the version `v`, its claim `c` and event `last`. */
function onList(list: PrintList): SQL {
  if (list === 'simple') return sql`last.status = 'readyToSubmit'`;
  if (list === 'primary')
    return sql`last.status = 'readyToSubmit' and c.responsibility = 'primary' and ${NOT_ENROLLED}`;
  return sql`c.responsibility = 'secondary' and ${NOT_ENROLLED}
    and last.status in ('readyToSubmit', 'scrubProblem') and ${PAPER_ONLY_ERRORS}`;
}

/** One print list's claims, after the unsent claims are scrubbed again (as the claim lists). */
export async function printListOf(
  db: Db,
  input: { practiceId: number; list: PrintList; limit: number; offset: number },
  actor: Actor,
) {
  const rescrubbed = await rescrubUnsent(db, input.practiceId, actor);
  const list = await claimList(db, {
    practiceId: input.practiceId,
    status: null,
    limit: input.limit,
    offset: input.offset,
    narrower: onList(input.list),
  });
  return { ...list, rescrubbed };
}

/** The clients of the named claims of the practice (for the audit's gate). */
export async function clientsOfClaims(
  db: Db,
  practiceId: number,
  claimIds: readonly number[],
): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select distinct client_id as "clientId" from claims
        where practice_id = ${practiceId} and id = any(${idArray(claimIds)})`,
  );
  return rows.map((r) => r.clientId);
}

type Chosen = {
  id: number;
  claimId: number;
  practiceId: number;
  patientControlNumber: string;
  status: ClaimStatus;
  onList: boolean;
  clientId: number;
  practiceInsuranceId: number;
  clientInsuranceId: number | null;
  responsibility: 'primary' | 'secondary';
  attendeeIds: number[];
};

/** The named claims' newest versions, locked (two printers of one claim print it once). */
function chosenVersions(db: Db, practiceId: number, list: PrintList, claimIds: readonly number[]) {
  return rowsOf<Chosen>(
    db,
    sql`select v.id, v.claim_id as "claimId", v.practice_id as "practiceId",
          v.patient_control_number as "patientControlNumber", last.status,
          (${onList(list)}) as "onList",
          c.client_id as "clientId", c.practice_insurance_id as "practiceInsuranceId",
          c.client_insurance_id as "clientInsuranceId", c.responsibility,
          coalesce((select array_agg(l.attendee_id order by l.position) from claim_lines l
            where l.claim_version_id = v.id and l.attendee_id is not null), '{}') as "attendeeIds"
        from ${CURRENT}
        where v.practice_id = ${practiceId} and v.claim_id = any(${idArray(claimIds)}) and ${NEWEST}
        order by v.id
        for update of v`,
  );
}

export type PrintRequest = PrintOptions & { list: PrintList; claimIds: number[] };

export type Printed = {
  pdf: Uint8Array;
  forms: number;
  patientIds: number[];
  submitted: number[];
};

/**
 * Prints the chosen claims in the order named, all or none: a claim of another practice is a
 * 404, one no longer on the list a 400 naming it. On the CMS-1500 lists each claim gets its
 * `submitted` event in the same transaction as the print's audit row.
 */
export async function printClaims(
  db: Db,
  practiceId: number,
  request: PrintRequest,
  actor: Actor,
): Promise<Printed> {
  await rescrubUnsent(db, practiceId, actor);
  const versions = new Map(
    (await chosenVersions(db, practiceId, request.list, request.claimIds)).map((v) => [
      v.claimId,
      v,
    ]),
  );
  const chosen = request.claimIds.map((claimId, index) => {
    const version = versions.get(claimId);
    if (version === undefined) throw notFound(PRINT_MESSAGES.notFound);
    if (!version.onList) throw badRequest(PRINT_MESSAGES.notOnList, `claimIds.${String(index)}`);
    return version;
  });
  const claims: { version: Chosen; claim: Claim; today: string }[] = [];
  for (const version of chosen) {
    const loaded = await loadClaimSources(db, { ...version, practiceId }, actor.now);
    if (loaded === null) throw notFound(PRINT_MESSAGES.notFound);
    const built = builtClaim(loaded, version.patientControlNumber);
    claims.push({ version, claim: built.claim, today: loaded.context.today });
  }
  const [practice] = await rowsOf<{ name: string }>(
    db,
    sql`select name from practices where id = ${practiceId}`,
  );
  const author = practice?.name ?? 'OpenPractice';
  const patientIds = [...new Set(chosen.map((v) => v.clientId))];
  if (request.list === 'simple') {
    const pdf = await claimSummaryPdf(
      claims.map((c) => c.claim),
      { author, now: actor.now },
    );
    return { pdf, forms: claims.length, patientIds, submitted: [] };
  }
  const formsOf = claims.map((c) => cms1500Forms(c.claim, c.today));
  const forms = formsOf.flat();
  const options = { mode: request.mode, offsetX: request.offsetX, offsetY: request.offsetY };
  const pdf = await cms1500Pdf(forms, options, {
    title: `CMS-1500 claims (${String(claims.length)})`,
    author,
    now: actor.now,
  });
  for (const [index, { version }] of claims.entries())
    await appendEvent(
      db,
      version,
      version.status,
      {
        kind: 'submitted',
        detail: {
          channel: 'paper',
          form: 'CMS-1500 (02/12)',
          list: request.list,
          ...options,
          forms: formsOf[index]?.length ?? 0,
        },
      },
      actor,
    );
  return { pdf, forms: forms.length, patientIds, submitted: chosen.map((v) => v.claimId) };
}
