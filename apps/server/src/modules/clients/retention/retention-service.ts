import { formatClientNumber, retentionCandidates } from '@openpractice/domain';
import type { retentionRow } from '@openpractice/contracts/clients/retention';
import { searchQuery } from '@openpractice/contracts/clients/search';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client.ts';
import { appointmentFactsFor } from '../appointment-facts.ts';
import { filteredPage } from './filtered-page.ts';
import { searchWhere, type SearchScope } from '../search/search-queries.ts';

/** Live, non-group client records of the scope (the search's own rule), active record status. */
const ACTIVE_RECORDS = searchQuery.parse({ recordStatus: 1, omitGroups: 'true' });

type RetentionSourceRow = {
  id: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  accountNumber: number;
  addedOn: string;
  retentionSnoozedUntil: string | null;
  statuses: string[];
  therapistNames: string[];
  /** created_at as PostgreSQL text: keeps the microseconds a keyset needs. */
  cursorAt: string;
};

type Cursor = { at: string; id: number };

type RetentionRow = z.output<typeof retentionRow>;

/**
 * The retention list: the page query walks the scope's active records newest
 * first on the (practice, created_at) index; the domain rule decides who is a
 * candidate from the appointment facts of each batch.
 */
export async function listRetention(
  db: Db,
  scope: SearchScope,
  input: {
    today: string;
    timezone: string;
    limit: number;
    offset: number;
    includeSnoozed: boolean;
  },
): Promise<{ data: RetentionRow[]; hasMore: boolean }> {
  const where = searchWhere(scope, ACTIVE_RECORDS);
  const fetchBatch = async (cursor: Cursor | null, size: number) => {
    const after = cursor
      ? sql`and (c.created_at, c.id) < (${cursor.at}::timestamptz, ${cursor.id}::int)`
      : sql``;
    const rows = await rowsOf<RetentionSourceRow>(
      db,
      sql`select c.id, c.first_name as "firstName", c.last_name as "lastName", c.nick_name as "nickName",
          c.account_number as "accountNumber",
          (c.created_at at time zone ${input.timezone})::date::text as "addedOn",
          c.retention_snoozed_until::text as "retentionSnoozedUntil",
          coalesce(t.statuses, '{}') as statuses, coalesce(t.names, '{}') as "therapistNames",
          c.created_at::text as "cursorAt"
        from clients c
        left join lateral (
          select array_agg(ct.status) as statuses,
            array_agg(th.first_name || ' ' || th.last_name order by ct.is_primary desc, th.last_name) as names
          from client_therapists ct join therapists th on th.id = ct.therapist_id where ct.client_id = c.id
        ) t on true
        where ${where} ${after}
        order by c.created_at desc, c.id desc
        limit ${size}`,
    );
    const last = rows.at(-1);
    return { rows, next: last ? { at: last.cursorAt, id: last.id } : null };
  };
  const page = await filteredPage({
    fetchBatch,
    select: async (rows: RetentionSourceRow[]) => {
      const facts = await appointmentFactsFor(
        db,
        scope.practiceId,
        rows.map((r) => r.id),
        input.today,
      );
      return retentionCandidates(rows, facts.upcoming, facts.last, input.today, {
        includeSnoozed: input.includeSnoozed,
      });
    },
    offset: input.offset,
    limit: input.limit,
  });
  return {
    hasMore: page.hasMore,
    data: page.rows.map((r) => ({
      patientId: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      nickName: r.nickName,
      accountNumber: formatClientNumber(r.accountNumber),
      therapistNames: r.therapistNames,
      lastAppointment: r.lastAppointment,
      addedOn: r.addedOn,
      daysSinceAdded: r.daysSinceAdded,
      snoozedUntil: r.isSnoozed ? r.retentionSnoozedUntil : null,
      isSnoozed: r.isSnoozed,
    })),
  };
}
