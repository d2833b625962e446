import {
  clientFieldsFor,
  formatClientNumber,
  searchRowFor,
  type ClientSearchContext,
  type ClientSearchRow,
} from '@openpractice/domain';
import type { searchQuery } from '@openpractice/contracts/clients/search';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client.ts';

/** The search terms as the contract parsed them (defaults applied, lists split). */
export type SearchQuery = z.output<typeof searchQuery>;
type SortKey = SearchQuery['sortBy'];

/**
 * Client search: one query for the page of ids (indexed), then one query for
 * the row details of just that page. The name match uses the trigram index on
 * the same lower(first nick last) expression the migration created.
 */
export type SearchScope = {
  practiceId: number;
  context: ClientSearchContext;
  callerUserId: number;
  callerTherapistId: number | null;
};

export type { ClientSearchRow };

const NAME_EXPR = sql.raw(
  `lower(c.first_name || ' ' || coalesce(c.nick_name, '') || ' ' || c.last_name)`,
);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

const ORDER: Record<SortKey, { asc: SQL; desc: SQL }> = {
  name: {
    asc: sql.raw('c.last_name asc, c.first_name asc, c.id asc'),
    desc: sql.raw('c.last_name desc, c.first_name desc, c.id desc'),
  },
  added: {
    asc: sql.raw('c.created_at asc, c.id asc'),
    desc: sql.raw('c.created_at desc, c.id desc'),
  },
  accountNumber: { asc: sql.raw('c.account_number asc'), desc: sql.raw('c.account_number desc') },
  dateOfBirth: {
    asc: sql.raw('c.dob asc nulls last, c.id asc'),
    desc: sql.raw('c.dob desc nulls last, c.id desc'),
  },
};

function textMatch(search: string): SQL | undefined {
  const text = search.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return undefined;
  const tokens = text.split(' ').slice(0, 5);
  const nameMatch = sql.join(
    tokens.map((t) => sql`${NAME_EXPR} like ${`%${escapeLike(t)}%`}`),
    sql` and `,
  );
  const alternatives: SQL[] = [sql`(${nameMatch})`];
  const account = /^c?0*(\d{1,9})$/.exec(text);
  if (account?.[1]) alternatives.push(sql`c.account_number = ${Number(account[1])}`);
  alternatives.push(sql`lower(c.custom_searchable_id) = ${text}`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

function contextMatch(scope: SearchScope): SQL | undefined {
  const tid = scope.callerTherapistId ?? -1;
  switch (scope.context) {
    case 'all':
      return undefined;
    case 'my':
      return sql`exists (select 1 from client_therapists ct where ct.client_id = c.id and ct.therapist_id = ${tid})`;
    case 'supervisees':
      return sql`exists (select 1 from client_therapists ct join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id where ct.client_id = c.id and s.supervisor_therapist_id = ${tid})`;
    case 'custodian':
      return sql`exists (select 1 from custodian_records cr where cr.client_id = c.id and cr.custodian_user_id = ${scope.callerUserId})`;
  }
}

const idArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

export function searchWhere(scope: SearchScope, q: SearchQuery): SQL {
  const conditions: (SQL | undefined)[] = [
    sql`c.practice_id = ${scope.practiceId}`,
    sql`c.merged_into_id is null`,
    q.recordStatus ? sql`c.record_status_id = ${q.recordStatus}` : sql`c.record_status_id <> 3`,
    q.omitGroups ? sql`not c.is_group` : undefined,
    contextMatch(scope),
    q.search ? textMatch(q.search) : undefined,
    q.customSearchableId
      ? sql`lower(c.custom_searchable_id) = ${q.customSearchableId.trim().toLowerCase()}`
      : undefined,
  ];
  if (q.therapistIds?.length || q.clientStatuses?.length) {
    conditions.push(sql`exists (select 1 from client_therapists ct where ct.client_id = c.id
      ${q.therapistIds?.length ? sql`and ct.therapist_id = any(${idArray(q.therapistIds)})` : sql``}
      ${q.clientStatuses?.length ? sql`and ct.status = any(${textArray(q.clientStatuses)})` : sql``})`);
  }
  const policy = (type: 'PRIMARY' | 'SECONDARY', ids: number[]) =>
    sql`exists (select 1 from client_insurances ci where ci.client_id = c.id and ci.is_current and ci.insurance_type = ${type} and ci.practice_insurance_id = any(${idArray(ids)}))`;
  if (q.primaryInsuranceIds?.length) conditions.push(policy('PRIMARY', q.primaryInsuranceIds));
  if (q.secondaryInsuranceIds?.length)
    conditions.push(policy('SECONDARY', q.secondaryInsuranceIds));
  if (q.groupIds?.length) {
    conditions.push(
      sql`exists (select 1 from client_group_members m where m.client_id = c.id and m.left_on is null and m.group_client_id = any(${idArray(q.groupIds)}))`,
    );
  }
  if (q.privatePay) conditions.push(sql`c.is_private_pay`);
  if (q.noInsurance)
    conditions.push(
      sql`not exists (select 1 from client_insurances ci where ci.client_id = c.id and ci.is_current)`,
    );
  return sql.join(
    conditions.filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
}

type RawRow = Omit<ClientSearchRow, 'accountNumber' | 'added' | 'clientStatus' | 'payment_type'> & {
  account_number: number;
  added_ms: number;
  all_inactive: boolean | null;
  is_private_pay: boolean;
  is_therapist: boolean;
  is_supervisor: boolean;
  is_custodian: boolean;
};

/**
 * A page of search rows, each with only the fields the caller may see of
 * that client (the domain's field rule, from the caller's authorities and
 * relation to the client, as the profile decides).
 */
export async function searchClients(
  db: Db,
  scope: SearchScope,
  q: SearchQuery,
  authorities: readonly string[],
): Promise<ClientSearchRow[]> {
  const order = ORDER[q.sortBy][q.sortDir];
  // With search text, collect the matches first (trigram and id indexes), then
  // sort them: otherwise the planner may walk the name index filtering every
  // row, which for a rare name means most of the table.
  const page = q.search?.trim()
    ? sql`with matched as materialized (select c.id, c.last_name, c.first_name, c.created_at, c.account_number, c.dob from clients c where ${searchWhere(scope, q)}),
      page as (select c.id from matched c order by ${order} limit ${q.limit} offset ${q.offset})`
    : sql`with page as (select c.id from clients c where ${searchWhere(scope, q)} order by ${order} limit ${q.limit} offset ${q.offset})`;
  const rows = await rowsOf<RawRow>(
    db,
    sql`${page}
    select c.id as user_id, c.id as patient_rcrd_id,
      c.first_name as patient_first_name, c.last_name as patient_last_name, c.nick_name as patient_nick_name,
      t.first_name as therapist_first_name, t.last_name as therapist_last_name, coalesce(t.names, '{}') as therapist_names,
      t.all_inactive, g.group_name,
      pri.practice_insurance_id, pri.label as practice_insurance_name, pri.insurance_number as user_insurance_insurancenumber,
      sec.practice_insurance_id as secondary_practice_insurance_id, sec.label as secondary_practice_insurance_name,
      c.responsible_party_first_name, c.responsible_party_last_name,
      e.email, ph.number as phone, c.dob::text as "dateOfBirth", c.is_private_pay, c.account_number,
      (extract(epoch from c.created_at) * 1000)::float8 as added_ms, c.is_group as "isGroup", c.custom_searchable_id,
      exists (select 1 from client_therapists ct join therapists th on th.id = ct.therapist_id
        where ct.client_id = c.id and th.user_id = ${scope.callerUserId}) as is_therapist,
      exists (select 1 from client_therapists ct join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id
        join therapists sup on sup.id = s.supervisor_therapist_id
        where ct.client_id = c.id and sup.user_id = ${scope.callerUserId}) as is_supervisor,
      exists (select 1 from custodian_records cr where cr.client_id = c.id and cr.custodian_user_id = ${scope.callerUserId}) as is_custodian
    from page p join clients c on c.id = p.id
    left join lateral (
      select array_agg(th.first_name || ' ' || th.last_name order by ct.is_primary desc, th.last_name) as names,
        (array_agg(th.first_name order by ct.is_primary desc, th.last_name))[1] as first_name,
        (array_agg(th.last_name order by ct.is_primary desc, th.last_name))[1] as last_name,
        bool_and(ct.status = 'INACTIVE') as all_inactive
      from client_therapists ct join therapists th on th.id = ct.therapist_id where ct.client_id = c.id
    ) t on true
    left join lateral (
      select string_agg(gc.first_name || ' ' || gc.last_name, ', ' order by gc.first_name) as group_name
      from client_group_members m join clients gc on gc.id = m.group_client_id where m.client_id = c.id and m.left_on is null
    ) g on true
    left join lateral (
      select ci.practice_insurance_id, ci.insurance_number, pi.label from client_insurances ci
      left join practice_insurances pi on pi.id = ci.practice_insurance_id
      where ci.client_id = c.id and ci.is_current and ci.insurance_type = 'PRIMARY' order by ci.start_date nulls last limit 1
    ) pri on true
    left join lateral (
      select ci.practice_insurance_id, pi.label from client_insurances ci
      left join practice_insurances pi on pi.id = ci.practice_insurance_id
      where ci.client_id = c.id and ci.is_current and ci.insurance_type = 'SECONDARY' order by ci.start_date nulls last limit 1
    ) sec on true
    left join lateral (select ce.email from client_emails ce where ce.client_id = c.id order by ce.is_default desc, ce.id limit 1) e on true
    left join lateral (select cp.number from client_phones cp where cp.client_id = c.id order by cp.is_default desc, cp.id limit 1) ph on true
    order by ${order}`,
  );
  // A context returns only clients the caller may open; a row they could not
  // (which the contexts never give) is left out rather than shown by name.
  return rows.flatMap(
    ({
      account_number,
      added_ms,
      all_inactive,
      is_private_pay,
      is_therapist,
      is_supervisor,
      is_custodian,
      ...row
    }) => {
      const fields = clientFieldsFor(authorities, {
        isTherapist: is_therapist,
        isSupervisor: is_supervisor,
        isCustodian: is_custodian,
      });
      if (!fields.has('name')) return [];
      return searchRowFor(
        {
          ...row,
          accountNumber: formatClientNumber(account_number),
          added: new Date(added_ms).toISOString(),
          // spec-2 §4: inactive for all when every status is INACTIVE.
          clientStatus: all_inactive ? 'Inactive' : 'Active',
          payment_type:
            row.practice_insurance_id !== null
              ? 'Insurance'
              : is_private_pay
                ? 'Private Pay'
                : 'None',
        },
        fields,
      );
    },
  );
}

export async function countClients(db: Db, scope: SearchScope, q: SearchQuery): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from clients c where ${searchWhere(scope, q)}`,
  );
  return row?.n ?? 0;
}
