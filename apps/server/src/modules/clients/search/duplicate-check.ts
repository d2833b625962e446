import { clientAccess, clientFieldsFor, formatClientNumber } from '@openpractice/domain';
import type { duplicateClient, duplicateQuery } from '@openpractice/contracts/clients/search';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client.ts';

type DuplicateQuery = z.output<typeof duplicateQuery>;
type DuplicateClient = z.output<typeof duplicateClient>;

type Caller = { practiceId: number; userId: number; authorities: readonly string[] };

/**
 * Possible duplicates of a new client (spec-2 §2 new client), shown as the
 * domain's field rule allows: a match counts only on what the caller may see
 * of that client, so the check never tells a date of birth, email or phone
 * the caller could not read; a client outside the caller's access is named
 * (name and client number) only when the name itself matches.
 */
export async function findDuplicates(
  db: Db,
  caller: Caller,
  q: DuplicateQuery,
): Promise<DuplicateClient[]> {
  const { firstName, lastName, dob, email, phone } = q;
  const digits = (phone ?? '').replace(/\D/g, '').slice(-10);
  const rows = await rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    dob: string | null;
    account_number: number;
    same_name: boolean;
    same_dob: boolean;
    same_email: boolean;
    same_phone: boolean;
    is_therapist: boolean;
    is_supervisor: boolean;
    is_custodian: boolean;
  }>(
    db,
    sql`select c.id, c.first_name, c.last_name, c.dob::text as dob, c.account_number,
        (lower(c.first_name) = lower(${firstName}) and lower(c.last_name) = lower(${lastName})) as same_name,
        (${dob ?? null}::date is not null and c.dob = ${dob ?? null}::date and lower(c.last_name) = lower(${lastName})) as same_dob,
        (${email ?? ''} <> '' and exists (select 1 from client_emails e where e.client_id = c.id and lower(e.email) = lower(${email ?? ''}))) as same_email,
        (${digits} <> '' and exists (select 1 from client_phones p where p.client_id = c.id and p.number = ${digits})) as same_phone,
        exists (select 1 from client_therapists ct join therapists th on th.id = ct.therapist_id
          where ct.client_id = c.id and th.user_id = ${caller.userId}) as is_therapist,
        exists (select 1 from client_therapists ct join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id
          join therapists sup on sup.id = s.supervisor_therapist_id
          where ct.client_id = c.id and sup.user_id = ${caller.userId}) as is_supervisor,
        exists (select 1 from custodian_records cr where cr.client_id = c.id and cr.custodian_user_id = ${caller.userId}) as is_custodian
      from clients c
      where c.practice_id = ${caller.practiceId} and not c.is_group and c.merged_into_id is null and c.record_status_id <> 3
        and (lower(c.last_name) = lower(${lastName})
          or (${email ?? ''} <> '' and exists (select 1 from client_emails e where e.client_id = c.id and lower(e.email) = lower(${email ?? ''})))
          or (${digits} <> '' and exists (select 1 from client_phones p where p.client_id = c.id and p.number = ${digits})))
      order by c.last_name, c.first_name limit 50`,
  );
  return rows.flatMap((r): DuplicateClient[] => {
    const relation = {
      isTherapist: r.is_therapist,
      isSupervisor: r.is_supervisor,
      isCustodian: r.is_custodian,
    };
    const fields = clientFieldsFor(caller.authorities, relation, 'duplicateWarning');
    const reasons = [
      r.same_name && 'Same name',
      r.same_dob && fields.has('dob') && 'Same last name and date of birth',
      r.same_email && fields.has('email') && 'Same email',
      r.same_phone && fields.has('phone') && 'Same phone',
    ].filter((x): x is string => typeof x === 'string');
    if (reasons.length === 0) return [];
    return [
      {
        user_id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        accountNumber: formatClientNumber(r.account_number),
        ...(fields.has('dob') ? { dateOfBirth: r.dob } : {}),
        canOpen: clientAccess(caller.authorities, relation).canView,
        reasons,
      },
    ];
  });
}
