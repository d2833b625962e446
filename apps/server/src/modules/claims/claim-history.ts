import type { claimHistory } from '@openpractice/contracts/claims/history';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';

type ClaimHistory = z.output<typeof claimHistory>;

/**
 * One claim of the practice with every version and every event of each, oldest first (issue
 * 20 item 8), in one statement; null when the practice has no such claim. The status is the
 * newest version's newest event's, as the lists derive it; the payer's claim number is the
 * one the newest remittance posted for it named (CLP07).
 */
export async function readClaimHistory(
  db: Db,
  practiceId: number,
  claimId: number,
): Promise<ClaimHistory | null> {
  const [row] = await rowsOf<ClaimHistory>(
    db,
    sql`select c.id as "claimId", c.client_id as "patientId",
          trim(cl.first_name || ' ' || cl.last_name) as "clientName", pi.label as payer,
          c.responsibility, c.origin, c.created_at as "createdAt",
          (select ev.status from claim_events ev join claim_versions nv on nv.id = ev.claim_version_id
            where ev.claim_id = c.id order by nv.version desc, ev.id desc limit 1) as status,
          (select p.payer_claim_number from era_postings p
            where p.claim_id = c.id and p.payer_claim_number is not null
            order by p.id desc limit 1) as "payerClaimNumber",
          (select coalesce(json_agg(json_build_object(
              'versionId', v.id, 'version', v.version,
              'patientControlNumber', v.patient_control_number, 'frequency', v.frequency,
              'originalClaimNumber', v.original_claim_number, 'diagnoses', v.diagnoses,
              'priorAuthorisation', v.prior_authorisation,
              'lines', (select coalesce(json_agg(json_build_object(
                  'position', l.position, 'dateOfService', to_char(l.date_of_service, 'YYYY-MM-DD'),
                  'procedureCode', l.procedure_code, 'modifiers', l.modifiers, 'units', l.units,
                  'chargeCents', l.charge_cents, 'placeOfService', l.place_of_service,
                  'lineControlNumber', l.line_control_number) order by l.position), '[]')
                from claim_lines l where l.claim_version_id = v.id),
              'events', (select coalesce(json_agg(json_build_object(
                  'id', e.id, 'kind', e.kind, 'status', e.status,
                  'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'userName', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
                  'detail', e.detail) order by e.id), '[]')
                from claim_events e left join users u on u.id = e.user_id
                where e.claim_version_id = v.id)) order by v.version), '[]')
            from claim_versions v where v.claim_id = c.id) as versions
        from claims c
          join clients cl on cl.id = c.client_id
          join practice_insurances pi on pi.id = c.practice_insurance_id
        where c.id = ${claimId} and c.practice_id = ${practiceId}`,
  );
  if (!row) return null;
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}
