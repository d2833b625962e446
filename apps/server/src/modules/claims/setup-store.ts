import type { claimSetup } from '@openpractice/contracts/claims/setup';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * Reading the claim set-up (issue 20 item 1) as the page shows it. Nothing here answers the
 * clearinghouse secret: only whether one is kept. Before the first save the billing provider
 * is prefilled from the practice's information (its legal name, TIN, NPI and address), which
 * is what most practices bill as.
 */

export type ClaimSetupAnswer = z.input<typeof claimSetup>;

/** The purpose the secret box derives the clearinghouse secret's key for; the practice is the context. */
export const CLEARINGHOUSE_SECRET_PURPOSE = 'claims-clearinghouse-secret';
export const clearinghouseSecretContext = (practiceId: number) => `practice:${String(practiceId)}`;

export type SetupRow = {
  entityKind: 'organisation' | 'person';
  organisationName: string | null;
  firstName: string | null;
  lastName: string | null;
  npi: string;
  tinKind: 'ein' | 'ssn';
  tin: string;
  taxonomy: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  payToLine1: string | null;
  payToLine2: string | null;
  payToCity: string | null;
  payToState: string | null;
  payToZip: string | null;
  clearinghouseKind: 'local' | 'https';
  endpointUrl: string | null;
  submitterId: string | null;
  username: string | null;
  hasSecret: boolean;
  updatedAt: Date;
  updatedBy: string | null;
};

/** The stored row, or null before the first save. */
export async function setupRow(db: Db, practiceId: number): Promise<SetupRow | null> {
  const [row] = await rowsOf<SetupRow>(
    db,
    sql`select s.entity_kind as "entityKind", s.organisation_name as "organisationName",
          s.first_name as "firstName", s.last_name as "lastName", s.npi, s.tin_kind as "tinKind",
          s.tin, s.taxonomy, s.address_line1 as line1, s.address_line2 as line2, s.city, s.state,
          s.zip, s.pay_to_line1 as "payToLine1", s.pay_to_line2 as "payToLine2",
          s.pay_to_city as "payToCity", s.pay_to_state as "payToState", s.pay_to_zip as "payToZip",
          s.clearinghouse_kind as "clearinghouseKind", s.clearinghouse_url as "endpointUrl",
          s.submitter_id as "submitterId", s.clearinghouse_username as username,
          s.clearinghouse_secret_sealed is not null as "hasSecret",
          s.updated_at as "updatedAt",
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
            as "updatedBy"
        from claim_setups s left join users u on u.id = s.updated_by
        where s.practice_id = ${practiceId}`,
  );
  return row ?? null;
}

type PracticeInfo = {
  name: string;
  legalName: string | null;
  tin: string | null;
  npi: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

/** The billing provider before the first save: the practice's own information. */
async function prefilled(db: Db, practiceId: number): Promise<ClaimSetupAnswer['billingProvider']> {
  const [p] = await rowsOf<PracticeInfo>(
    db,
    sql`select name, legal_name as "legalName", tin, npi, address_line1 as line1,
          address_line2 as line2, city, state, zipcode as zip
        from practices where id = ${practiceId}`,
  );
  return {
    entityKind: 'organisation',
    organisationName: p?.legalName ?? p?.name ?? '',
    firstName: '',
    lastName: '',
    npi: p?.npi ?? '',
    tinKind: 'ein',
    tin: p?.tin ?? '',
    taxonomy: '',
    address: {
      line1: p?.line1 ?? '',
      line2: p?.line2 ?? null,
      city: p?.city ?? '',
      state: p?.state ?? '',
      zip: p?.zip ?? '',
    },
    payTo: null,
  };
}

function billingOf(row: SetupRow): ClaimSetupAnswer['billingProvider'] {
  return {
    entityKind: row.entityKind,
    organisationName: row.organisationName ?? '',
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    npi: row.npi,
    tinKind: row.tinKind,
    tin: row.tin,
    taxonomy: row.taxonomy,
    address: { line1: row.line1, line2: row.line2, city: row.city, state: row.state, zip: row.zip },
    payTo:
      row.payToLine1 === null
        ? null
        : {
            line1: row.payToLine1,
            line2: row.payToLine2,
            city: row.payToCity ?? '',
            state: row.payToState ?? '',
            zip: row.payToZip ?? '',
          },
  };
}

/** The practice's active therapists with their claim details, by name. */
export async function providerRows(db: Db, practiceId: number) {
  return rowsOf<{
    therapistId: number;
    name: string;
    credentials: string | null;
    npi: string;
    taxonomy: string;
    supervisingTherapistId: number | null;
  }>(
    db,
    sql`select t.id as "therapistId", trim(t.first_name || ' ' || t.last_name) as name,
          t.credentials, coalesce(t.npi, '') as npi, coalesce(t.taxonomy_code, '') as taxonomy,
          r.supervising_therapist_id as "supervisingTherapistId"
        from therapists t
          left join claim_rendering_providers r on r.therapist_id = t.id
        where t.practice_id = ${practiceId} and t.active
        order by t.last_name, t.first_name, t.id`,
  );
}

/** The practice's payers that have not ended, with their enrolment (none: not enrolled). */
export async function payerRows(db: Db, practiceId: number) {
  return rowsOf<{
    practiceInsuranceId: number;
    label: string;
    payerId: string;
    claimsEnrolled: boolean;
    eraEnrolled: boolean;
  }>(
    db,
    sql`select i.id as "practiceInsuranceId", i.label, i.payer_id as "payerId",
          coalesce(e.claims_enrolled, false) as "claimsEnrolled",
          coalesce(e.era_enrolled, false) as "eraEnrolled"
        from practice_insurances i
          left join claim_payer_enrolments e on e.practice_insurance_id = i.id
        where i.practice_id = ${practiceId} and (i.end_date is null or i.end_date >= current_date)
        order by i.label, i.id`,
  );
}

export async function loadClaimSetup(db: Db, practiceId: number): Promise<ClaimSetupAnswer> {
  const row = await setupRow(db, practiceId);
  return {
    configured: row !== null,
    billingProvider: row ? billingOf(row) : await prefilled(db, practiceId),
    clearinghouse: {
      kind: row?.clearinghouseKind ?? 'local',
      endpointUrl: row?.endpointUrl ?? null,
      submitterId: row?.submitterId ?? null,
      username: row?.username ?? null,
      hasSecret: row?.hasSecret ?? false,
    },
    providers: await providerRows(db, practiceId),
    payers: await payerRows(db, practiceId),
    // Raw SQL: the driver may answer a timestamp as a Date or as text.
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
    updatedBy: row?.updatedBy ?? null,
  };
}
