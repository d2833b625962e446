import {
  daysBetweenDates,
  formatClientNumber,
  intakeWindowStart,
  splitIntake,
  type IntakeRow,
} from '@openpractice/domain';
import type { intakeRow } from '@openpractice/contracts/clients/intake';
import { searchQuery } from '@openpractice/contracts/clients/search';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client.ts';
import { appointmentFactsFor } from '../appointment-facts.ts';
import { searchWhere, type SearchScope } from '../search/search-queries.ts';

/** Live, non-group records of the scope (deleted and merged ones are not new clients). */
const LIVE_RECORDS = searchQuery.parse({ omitGroups: 'true' });

type NewClientSource = {
  id: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  accountNumber: number;
  createdAt: string;
  addedOn: string;
  therapistNames: string[];
};

type IntakeListRow = z.output<typeof intakeRow>;

export type IntakeWindow = { today: string; timezone: string; days: number };

/**
 * The new clients of the window, split by whether they have a first
 * appointment. The window is a range scan of the (practice, created_at) index
 * bounded by `days` (at most a year), so it is loaded whole: sorting by the
 * first appointment needs every row, and the page is cut afterwards.
 */
export async function loadIntake(db: Db, scope: SearchScope, window: IntakeWindow) {
  const since = intakeWindowStart(window.today, window.days);
  const rows = await rowsOf<NewClientSource & { createdMs: number }>(
    db,
    sql`select c.id, c.first_name as "firstName", c.last_name as "lastName", c.nick_name as "nickName",
        c.account_number as "accountNumber",
        (extract(epoch from c.created_at) * 1000)::float8 as "createdMs",
        (c.created_at at time zone ${window.timezone})::date::text as "addedOn",
        coalesce(t.names, '{}') as "therapistNames"
      from clients c
      left join lateral (
        select array_agg(th.first_name || ' ' || th.last_name order by ct.is_primary desc, th.last_name) as names
        from client_therapists ct join therapists th on th.id = ct.therapist_id where ct.client_id = c.id
      ) t on true
      where ${searchWhere(scope, LIVE_RECORDS)}
        and c.created_at >= (${since}::date::timestamp at time zone ${window.timezone})
      order by c.created_at desc, c.id desc`,
  );
  const clients = rows.map(({ createdMs, ...r }) => ({
    ...r,
    createdAt: new Date(createdMs).toISOString(),
  }));
  const facts = await appointmentFactsFor(
    db,
    scope.practiceId,
    clients.map((c) => c.id),
    window.today,
  );
  return { since, ...splitIntake(clients, facts.first) };
}

export function toIntakeRow(row: IntakeRow<NewClientSource>, today: string): IntakeListRow {
  return {
    patientId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    nickName: row.nickName,
    accountNumber: formatClientNumber(row.accountNumber),
    therapistNames: row.therapistNames,
    createdAt: row.createdAt,
    addedOn: row.addedOn,
    daysSinceAdded: Math.max(0, daysBetweenDates(row.addedOn, today)),
    firstAppointment: row.firstAppointment,
  };
}

export function pageOf<T>(rows: readonly T[], limit: number, offset: number) {
  return { data: rows.slice(offset, offset + limit), total: rows.length, limit, offset };
}
