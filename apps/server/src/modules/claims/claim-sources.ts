import type {
  ClaimSessionFacts,
  ClaimSources,
  ScrubContext,
  X12Gender,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { idArray } from '../../platform/sql.ts';
import { setupRow, type SetupRow } from './setup-store.ts';

/**
 * What a claim is built from, read now (issue 20 item 2): the client, the policy and payer it
 * bills, the client's diagnoses, the policy's authorisation covering the first session, the
 * rendering therapist (the first session's) and their supervisor, the claim set-up, and each
 * session's date, service, fee and place. Read again each time an unsent claim is scrubbed, so
 * a fix made anywhere (set-up, diagnosis, policy, fee, signed note) reaches the claim.
 */

/** Which claim: the client, its payer and policy, and the sessions, in line order. */
export type ClaimTarget = {
  practiceId: number;
  clientId: number;
  practiceInsuranceId: number;
  clientInsuranceId: number | null;
  responsibility: 'primary' | 'secondary';
  attendeeIds: readonly number[];
};

type PartyRow = {
  firstName: string;
  lastName: string;
  middleName: string | null;
  dob: string | null;
  gender: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  payerName: string;
  payerId: string;
  policyId: number | null;
  memberId: string | null;
  groupNumber: string | null;
  relationship: 'self' | 'spouse' | 'child' | 'other' | null;
  insuredFirstName: string | null;
  insuredLastName: string | null;
  insuredDob: string | null;
  diagnoses: string[];
  requireSignedNotes: boolean;
  today: string;
};

type SessionRow = {
  attendeeId: number;
  therapistId: number;
  dateOfService: string;
  procedureCode: string | null;
  chargeCents: number | null;
  placeOfService: string;
  noteSigned: boolean;
};

type ProviderRow = {
  firstName: string;
  lastName: string;
  npi: string | null;
  taxonomy: string | null;
  supervisorId: number | null;
  isSupervisee: boolean;
};

/** The client's gender as claims carry it (DMG03): M, F, or U when unknown. */
export function x12Gender(gender: string | null): X12Gender {
  const first = (gender ?? '').trim().charAt(0).toUpperCase();
  return first === 'M' || first === 'F' ? first : 'U';
}

function partyRow(db: Db, target: ClaimTarget, now: Date) {
  return rowsOf<PartyRow>(
    db,
    sql`select c.first_name as "firstName", c.last_name as "lastName", c.middle_name as "middleName",
          to_char(c.dob, 'YYYY-MM-DD') as dob, coalesce(c.claim_gender, c.gender) as gender,
          ad.address_line1 as line1, ad.address_line2 as line2, ad.city, ad.state, ad.zipcode as zip,
          pi.label as "payerName", pi.payer_id as "payerId", ci.id as "policyId",
          ci.insurance_number as "memberId", ci.group_number as "groupNumber",
          ci.insured_relationship as relationship, ci.insured_first_name as "insuredFirstName",
          ci.insured_last_name as "insuredLastName", to_char(ci.insured_dob, 'YYYY-MM-DD') as "insuredDob",
          coalesce((select array_agg(d.code order by d.position) from client_diagnoses d
            where d.client_id = c.id), '{}') as diagnoses,
          coalesce(ps.signed_note_required_for_billing, false) as "requireSignedNotes",
          to_char(${now.toISOString()}::timestamptz at time zone p.timezone, 'YYYY-MM-DD') as today
        from clients c
          join practices p on p.id = c.practice_id
          join practice_insurances pi on pi.id = ${target.practiceInsuranceId}
          left join practice_settings ps on ps.practice_id = p.id
          left join client_insurances ci on ci.id = ${target.clientInsuranceId} and ci.client_id = c.id
          left join lateral (select a.* from client_addresses a where a.client_id = c.id
            order by a.is_default desc, a.id limit 1) ad on true
        where c.id = ${target.clientId} and c.practice_id = ${target.practiceId}`,
  );
}

function sessionRows(db: Db, target: ClaimTarget) {
  return rowsOf<SessionRow>(
    db,
    sql`select a.id as "attendeeId", e.therapist_id as "therapistId",
          to_char(e.start_at at time zone p.timezone, 'YYYY-MM-DD') as "dateOfService",
          pr.cpt_code as "procedureCode",
          coalesce((select f.fee_cents from product_payer_fees f where f.product_id = pr.id
            and f.practice_insurance_id = ${target.practiceInsuranceId}), pr.fee_cents) as "chargeCents",
          case when e.is_telehealth then coalesce(nullif(e.telehealth_pos, '11'), '02')
            else coalesce(l.place_of_service_code, '11') end as "placeOfService",
          exists (select 1 from chart_notes n where n.attendee_id = a.id and n.kind = 'progress'
            and n.is_billing_note and n.status = 'locked') as "noteSigned"
        from calendar_event_attendees a
          join calendar_events e on e.id = a.event_id and e.practice_id = ${target.practiceId}
          join practices p on p.id = e.practice_id
          left join locations l on l.id = e.location_id
          left join products pr on pr.id = coalesce(a.product_id,
            (select d.id from products d where d.practice_id = p.id and d.is_default and d.active limit 1))
        where a.id = any(${idArray(target.attendeeIds)})
        order by e.start_at, a.id`,
  );
}

function providerRow(db: Db, therapistId: number | null) {
  return rowsOf<ProviderRow>(
    db,
    sql`select t.first_name as "firstName", t.last_name as "lastName", t.npi,
          t.taxonomy_code as taxonomy, r.supervising_therapist_id as "supervisorId",
          exists (select 1 from therapist_supervisors s where s.supervisee_therapist_id = t.id
            and s.supervisor_therapist_id <> t.id) as "isSupervisee"
        from therapists t left join claim_rendering_providers r on r.therapist_id = t.id
        where t.id = ${therapistId}`,
  );
}

async function authorisationOf(db: Db, policyId: number | null, firstDate: string | undefined) {
  if (policyId === null || firstDate === undefined) return null;
  const [row] = await rowsOf<{ authNumber: string }>(
    db,
    sql`select auth_number as "authNumber" from insurance_pre_auths
        where client_insurance_id = ${policyId}
          and (start_date is null or start_date <= ${firstDate}::date)
          and (end_date is null or end_date >= ${firstDate}::date)
        order by auth_date desc, id desc limit 1`,
  );
  return row?.authNumber ?? null;
}

function billingOf(row: SetupRow | null): ClaimSources['billing'] {
  if (row === null) return null;
  const payTo =
    row.payToLine1 === null
      ? null
      : {
          line1: row.payToLine1,
          line2: row.payToLine2,
          city: row.payToCity ?? '',
          state: row.payToState ?? '',
          zip: row.payToZip ?? '',
        };
  return {
    entityKind: row.entityKind,
    organisationName: row.organisationName ?? '',
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    npi: row.npi,
    tin: { kind: row.tinKind, value: row.tin },
    taxonomy: row.taxonomy,
    address: { line1: row.line1, line2: row.line2, city: row.city, state: row.state, zip: row.zip },
    payTo,
  };
}

const asProvider = (row: ProviderRow | undefined) =>
  row === undefined
    ? null
    : {
        firstName: row.firstName,
        lastName: row.lastName,
        npi: (row.npi ?? '').trim(),
        taxonomy: row.taxonomy,
      };

export type LoadedSources = {
  sources: ClaimSources;
  /** Without the unsigned notes' lines, which need the claim's numbers (unsignedPositions). */
  context: ScrubContext;
  /** Lines (from 1) whose session note is not signed. */
  unsignedPositions: number[];
  renderingTherapistId: number | null;
  supervisingTherapistId: number | null;
};

/** The claim's sources and scrub context, or null when the client is not the practice's. */
export async function loadClaimSources(
  db: Db,
  target: ClaimTarget,
  now: Date,
): Promise<LoadedSources | null> {
  const [party] = await partyRow(db, target, now);
  if (party === undefined) return null;
  const sessions = await sessionRows(db, target);
  const renderingId = sessions[0]?.therapistId ?? null;
  const [rendering] = await providerRow(db, renderingId);
  const supervisorId = rendering?.supervisorId ?? null;
  const [supervising] = supervisorId === null ? [] : await providerRow(db, supervisorId);
  const address =
    party.line1 === null
      ? null
      : {
          line1: party.line1,
          line2: party.line2,
          city: party.city ?? '',
          state: party.state ?? '',
          zip: party.zip ?? '',
        };
  const facts: ClaimSessionFacts[] = sessions.map((s) => ({
    dateOfService: s.dateOfService,
    procedureCode: s.procedureCode,
    chargeCents: s.chargeCents,
    placeOfService: s.placeOfService,
  }));
  const sources: ClaimSources = {
    billing: billingOf(await setupRow(db, target.practiceId)),
    client: {
      firstName: party.firstName,
      lastName: party.lastName,
      middleName: party.middleName,
      dob: party.dob,
      gender: x12Gender(party.gender),
      address,
    },
    policy:
      party.policyId === null
        ? null
        : {
            responsibility: target.responsibility,
            memberId: party.memberId,
            groupNumber: party.groupNumber,
            relationship: party.relationship ?? 'self',
            insured:
              party.insuredLastName === null
                ? null
                : {
                    firstName: party.insuredFirstName ?? '',
                    lastName: party.insuredLastName,
                    dob: party.insuredDob,
                  },
          },
    payer: { name: party.payerName, payerId: party.payerId },
    diagnoses: party.diagnoses,
    priorAuthorisation: await authorisationOf(db, party.policyId, sessions[0]?.dateOfService),
    rendering: asProvider(rendering),
    supervising: asProvider(supervising),
    sessions: facts,
  };
  return {
    sources,
    context: {
      today: party.today,
      requireSignedNotes: party.requireSignedNotes,
      renderingIsSupervisee: rendering?.isSupervisee ?? false,
    },
    unsignedPositions: sessions.flatMap((s, index) => (s.noteSigned ? [] : [index + 1])),
    renderingTherapistId: renderingId,
    supervisingTherapistId: supervisorId,
  };
}
