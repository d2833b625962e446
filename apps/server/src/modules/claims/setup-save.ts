import type { claimSetupInput } from '@openpractice/contracts/claims/setup';
import {
  billingProviderProblems,
  CLAIM_SETUP_MESSAGES,
  endpointUrlProblem,
  isSubmitterId,
  renderingProblems,
  type BillingProviderSetup,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { hostLiteral, isPublicAddress } from '../../platform/public-address.ts';
import { sealSecret } from '../../platform/secret-box.ts';
import {
  CLEARINGHOUSE_SECRET_PURPOSE,
  clearinghouseSecretContext,
  setupRow,
  type SetupRow,
} from './setup-store.ts';

/**
 * Saving the claim set-up (issue 20 item 1). Every value is checked before anything is
 * written, so a refused save changes nothing; the route runs the writes and the audit row
 * in one transaction. What the audit row may say is returned: which parts changed and
 * counts, never the secret, the TIN or an NPI.
 */

export type ClaimSetupInput = z.output<typeof claimSetupInput>;
type SaveContext = { practiceId: number; userId: number; now: Date; key: Buffer };

const trimmed = (value: string | null | undefined) => (value ?? '').trim();
const orNull = (value: string | null | undefined) => trimmed(value) || null;

function billingSetup(input: ClaimSetupInput): BillingProviderSetup {
  const b = input.billingProvider;
  return {
    entityKind: b.entityKind,
    organisationName: b.organisationName,
    firstName: b.firstName,
    lastName: b.lastName,
    npi: b.npi,
    tin: { kind: b.tinKind, value: b.tin },
    taxonomy: b.taxonomy,
    address: b.address,
    payTo: b.payTo,
  };
}

type Clearinghouse =
  | { kind: 'local' }
  | { kind: 'https'; endpointUrl: string; submitterId: string; username: string; sealed: string };

/**
 * The clearinghouse account to keep. The endpoint must be https to a host that is not a
 * private or loopback address (safe-fetch checks again, with DNS, at every call). A kept
 * secret stays only while the endpoint and username do: otherwise whoever changes the URL
 * could have the practice's secret sent to a server of theirs.
 */
function clearinghouseOf(
  input: ClaimSetupInput['clearinghouse'],
  stored: SetupRow | null,
  ctx: SaveContext,
  sealedNow: string | null,
): Clearinghouse {
  if (input.kind === 'local') return { kind: 'local' };
  const field = (name: string) => `clearinghouse.${name}`;
  const endpointUrl = trimmed(input.endpointUrl);
  const urlProblem = endpointUrlProblem(endpointUrl);
  if (urlProblem) throw badRequest(urlProblem, field('endpointUrl'));
  const url = new URL(endpointUrl);
  const literal = hostLiteral(url);
  if ((literal !== null && !isPublicAddress(literal)) || /^localhost\.?$/i.test(url.hostname))
    throw badRequest(CLAIM_SETUP_MESSAGES.endpointInvalid, field('endpointUrl'));
  if (!isSubmitterId(input.submitterId))
    throw badRequest(CLAIM_SETUP_MESSAGES.submitterIdInvalid, field('submitterId'));
  const username = trimmed(input.username);
  if (username === '') throw badRequest(CLAIM_SETUP_MESSAGES.usernameMissing, field('username'));
  const secret = trimmed(input.secret);
  let sealed: string;
  if (secret !== '') {
    sealed = sealSecret(
      ctx.key,
      CLEARINGHOUSE_SECRET_PURPOSE,
      clearinghouseSecretContext(ctx.practiceId),
      secret,
    );
  } else {
    const same =
      stored?.clearinghouseKind === 'https' &&
      stored.endpointUrl === endpointUrl &&
      stored.username === username;
    if (!stored?.hasSecret || stored.clearinghouseKind !== 'https' || sealedNow === null)
      throw badRequest(CLAIM_SETUP_MESSAGES.secretMissing, field('secret'));
    if (!same) throw badRequest(CLAIM_SETUP_MESSAGES.secretAgain, field('secret'));
    sealed = sealedNow;
  }
  return {
    kind: 'https',
    endpointUrl,
    submitterId: trimmed(input.submitterId).toUpperCase(),
    username,
    sealed,
  };
}

/** Therapists and payers named must be the practice's own: anything else is refused by field. */
async function checkOwnRows(db: Db, practiceId: number, input: ClaimSetupInput) {
  const therapists = await rowsOf<{ id: number; npi: string | null }>(
    db,
    sql`select id, npi from therapists where practice_id = ${practiceId} and active`,
  );
  const known = new Map(therapists.map((t) => [t.id, t.npi]));
  input.providers.forEach((row, index) => {
    if (!known.has(row.therapistId))
      throw badRequest(
        'That therapist is not an active therapist of this practice.',
        `providers.${String(index)}.therapistId`,
      );
  });
  const payers = await rowsOf<{ id: number }>(
    db,
    sql`select id from practice_insurances where practice_id = ${practiceId}`,
  );
  const ownPayers = new Set(payers.map((p) => p.id));
  input.payers.forEach((row, index) => {
    if (!ownPayers.has(row.practiceInsuranceId))
      throw badRequest(
        'That payer is not one of this practice’s payers.',
        `payers.${String(index)}.practiceInsuranceId`,
      );
  });
  return known;
}

/** Checks everything, then writes; answers what the audit row may say. */
export async function saveClaimSetup(
  db: Db,
  ctx: SaveContext,
  input: ClaimSetupInput,
): Promise<Record<string, unknown>> {
  const [first] = billingProviderProblems(billingSetup(input));
  if (first) throw badRequest(first.message, first.field);
  const known = await checkOwnRows(db, ctx.practiceId, input);
  const [providerProblem] = renderingProblems(
    input.providers.map((p) => ({ ...p, npi: trimmed(p.npi), taxonomy: trimmed(p.taxonomy) })),
    known,
  );
  if (providerProblem) throw badRequest(providerProblem.message, providerProblem.field);
  const stored = await setupRow(db, ctx.practiceId);
  const [sealedRow] = await rowsOf<{ sealed: string | null }>(
    db,
    sql`select clearinghouse_secret_sealed as sealed from claim_setups
        where practice_id = ${ctx.practiceId}`,
  );
  const clearinghouse = clearinghouseOf(
    input.clearinghouse,
    stored,
    ctx,
    sealedRow?.sealed ?? null,
  );
  await writeSetup(db, ctx, input, clearinghouse);
  return {
    created: stored === null,
    entityKind: input.billingProvider.entityKind,
    payTo: input.billingProvider.payTo !== null,
    clearinghouse: clearinghouse.kind,
    secretChanged:
      trimmed(input.clearinghouse.kind === 'https' ? input.clearinghouse.secret : '') !== '',
    providers: input.providers.length,
    payersForClaims: input.payers.filter((p) => p.claimsEnrolled).length,
    payersForEras: input.payers.filter((p) => p.eraEnrolled).length,
  };
}

async function writeSetup(
  db: Db,
  ctx: SaveContext,
  input: ClaimSetupInput,
  ch: Clearinghouse,
): Promise<void> {
  const b = input.billingProvider;
  const person = b.entityKind === 'person';
  const https = ch.kind === 'https' ? ch : null;
  const payTo = b.payTo;
  await db.execute(sql`insert into claim_setups (practice_id, entity_kind, organisation_name,
        first_name, last_name, npi, tin_kind, tin, taxonomy, address_line1, address_line2, city,
        state, zip, pay_to_line1, pay_to_line2, pay_to_city, pay_to_state, pay_to_zip,
        clearinghouse_kind, clearinghouse_url, submitter_id, clearinghouse_username,
        clearinghouse_secret_sealed, updated_at, updated_by)
      values (${ctx.practiceId}, ${b.entityKind}, ${person ? null : trimmed(b.organisationName)},
        ${person ? trimmed(b.firstName) : null}, ${person ? trimmed(b.lastName) : null},
        ${trimmed(b.npi)}, ${b.tinKind}, ${trimmed(b.tin)}, ${trimmed(b.taxonomy).toUpperCase()},
        ${trimmed(b.address.line1)}, ${orNull(b.address.line2)}, ${trimmed(b.address.city)},
        ${trimmed(b.address.state).toUpperCase()}, ${trimmed(b.address.zip)},
        ${payTo ? trimmed(payTo.line1) : null}, ${payTo ? orNull(payTo.line2) : null},
        ${payTo ? trimmed(payTo.city) : null}, ${payTo ? trimmed(payTo.state).toUpperCase() : null},
        ${payTo ? trimmed(payTo.zip) : null}, ${ch.kind}, ${https?.endpointUrl ?? null},
        ${https?.submitterId ?? null}, ${https?.username ?? null}, ${https?.sealed ?? null},
        ${ctx.now}, ${ctx.userId})
      on conflict (practice_id) do update set entity_kind = excluded.entity_kind,
        organisation_name = excluded.organisation_name, first_name = excluded.first_name,
        last_name = excluded.last_name, npi = excluded.npi, tin_kind = excluded.tin_kind,
        tin = excluded.tin, taxonomy = excluded.taxonomy, address_line1 = excluded.address_line1,
        address_line2 = excluded.address_line2, city = excluded.city, state = excluded.state,
        zip = excluded.zip, pay_to_line1 = excluded.pay_to_line1,
        pay_to_line2 = excluded.pay_to_line2, pay_to_city = excluded.pay_to_city,
        pay_to_state = excluded.pay_to_state, pay_to_zip = excluded.pay_to_zip,
        clearinghouse_kind = excluded.clearinghouse_kind,
        clearinghouse_url = excluded.clearinghouse_url, submitter_id = excluded.submitter_id,
        clearinghouse_username = excluded.clearinghouse_username,
        clearinghouse_secret_sealed = excluded.clearinghouse_secret_sealed,
        updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
  for (const p of input.providers) {
    // The therapist's own NPI and taxonomy: the same columns the staff page edits.
    await db.execute(sql`update therapists set npi = ${orNull(p.npi)},
        taxonomy_code = ${orNull(p.taxonomy)?.toUpperCase() ?? null}
      where id = ${p.therapistId} and practice_id = ${ctx.practiceId}`);
    await db.execute(sql`insert into claim_rendering_providers
        (therapist_id, practice_id, supervising_therapist_id)
      values (${p.therapistId}, ${ctx.practiceId}, ${p.supervisingTherapistId})
      on conflict (therapist_id) do update
        set supervising_therapist_id = excluded.supervising_therapist_id`);
  }
  for (const p of input.payers) {
    await db.execute(sql`insert into claim_payer_enrolments
        (practice_insurance_id, practice_id, claims_enrolled, era_enrolled)
      values (${p.practiceInsuranceId}, ${ctx.practiceId}, ${p.claimsEnrolled}, ${p.eraEnrolled})
      on conflict (practice_insurance_id) do update
        set claims_enrolled = excluded.claims_enrolled, era_enrolled = excluded.era_enrolled`);
  }
}
