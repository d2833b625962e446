import * as contract from '@openpractice/contracts/audit';
import { defaultSharedFilterRange, formatClientNumber, hasRole } from '@openpractice/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import {
  accessEvents,
  clientLabels,
  ownClientsOf,
  type AccessFilter,
  type AccessRow,
  type ClientLabel,
} from './access-queries.ts';
import { accessCsv } from './access-csv.ts';
import { chainState } from './chain-state.ts';

/** Clients named on one row of the page; the rest are counted (the CSV names them all). */
const CLIENTS_PER_ROW = 10;
/** The most rows one CSV holds. */
export const CSV_MAX_ROWS = 50_000;
export const PERIOD_ORDER = 'The start of the period must be on or before its end.';

type FilterQuery = z.infer<typeof contract.exportPatientRecordAccess.schema.querystring>;

/** The filter as the caller may use it: the period resolved, own clients for non-practice-wide users. */
async function filterOf(
  request: FastifyRequest,
  q: FilterQuery,
  db: Parameters<typeof ownClientsOf>[0],
  now: Date,
): Promise<AccessFilter & { practiceWide: boolean }> {
  const practiceId = practiceScope(request);
  const auth = authOf(request);
  const { today, timezone } = await practiceDay(db, practiceId, now);
  const period = defaultSharedFilterRange(today);
  const from = q.from ?? (q.to && q.to < period.start ? q.to : period.start);
  const to = q.to ?? today;
  if (from > to) throw badRequest(PERIOD_ORDER, 'from');
  const practiceWide = hasRole(auth.user.authorities, 'practiceWideReporting');
  return {
    practiceId,
    timezone,
    from,
    to,
    patientId: q.patientId,
    userId: q.userId,
    kind: q.kind,
    ownClientIds: practiceWide ? null : await ownClientsOf(db, practiceId, auth.user.id),
    practiceWide,
  };
}

/** The clients of a row the caller may see named: all, or their own; the filtered client first. */
function visibleClients(row: AccessRow, filter: AccessFilter): number[] {
  const own = filter.ownClientIds === null ? null : new Set(filter.ownClientIds);
  const ids = own ? row.clientIds.filter((id) => own.has(id)) : row.clientIds;
  if (filter.patientId === undefined || !ids.includes(filter.patientId)) return ids;
  return [filter.patientId, ...ids.filter((id) => id !== filter.patientId)];
}

const labelOf = (labels: Map<number, ClientLabel>, id: number) => {
  const label = labels.get(id);
  return {
    id,
    name: label?.name ?? `Client ${id}`,
    clientNumber: formatClientNumber(label?.accountNumber),
  };
};

/**
 * /reporting/audit/patientRecordAccess: who read, listed, changed, exported
 * or printed which client's record, or was refused, when, from where and
 * through which impersonation. Practice-wide reporting users see the whole
 * practice; other reporting users the events on their own clients. Reading
 * the report is itself a list read of the clients it names; its CSV an export.
 */
export const accessReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.patientRecordAccess.path,
    {
      config: {
        access: 'reporting',
        audit: {
          action: 'client.access_report_viewed',
          client: { query: 'patientId', optional: true },
          returned: (result: { data: { clients: { id: number }[] }[] }) =>
            result.data.flatMap((row) => row.clients.map((c) => c.id)),
        },
      },
      schema: contract.patientRecordAccess.schema,
    },
    async (request) => accessReportPage(app, request, request.query),
  );

  app.get(
    contract.exportPatientRecordAccess.path,
    {
      config: {
        access: 'reporting',
        audit: {
          action: 'client.access_report_exported',
          kind: 'export',
          client: { query: 'patientId', optional: true },
        },
      },
      schema: contract.exportPatientRecordAccess.schema,
    },
    async (request, reply) => {
      const filter = await filterOf(request, request.query, app.db, app.now());
      const { rows } = await accessEvents(app.db, filter, {
        sort: 'time',
        direction: 'desc',
        limit: CSV_MAX_ROWS,
        offset: 0,
      });
      const perRow = rows.map((row) => ({ row, ids: visibleClients(row, filter) }));
      const allIds = [...new Set(perRow.flatMap((r) => r.ids))];
      const labels = await clientLabels(app.db, filter.practiceId, allIds);
      noteAudit(request, {
        patientIds: allIds,
        detail: { from: filter.from, to: filter.to, rows: rows.length },
      });
      void reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="patient-record-access-${filter.from}-to-${filter.to}.csv"`,
        );
      return accessCsv(perRow, (id) => labelOf(labels, id), filter.timezone);
    },
  );

  /** The audit chain's state: verified through a time, or the first broken link. */
  app.get(
    contract.chainState.path,
    { config: { access: 'reporting', audit: 'none' }, schema: contract.chainState.schema },
    async () => chainState(app.db, app.auditKey),
  );

  /** The practice's staff, for the report's user filter (names only). */
  app.get(
    contract.auditUsers.path,
    { config: { access: 'reporting', audit: 'none' }, schema: contract.auditUsers.schema },
    async (request) => {
      const rows = await app.db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
        })
        .from(users)
        .where(and(eq(users.practiceId, practiceScope(request)), eq(users.type, 'staff')))
        .orderBy(asc(users.lastName), asc(users.firstName));
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: `${r.firstName} ${r.lastName}`,
          username: r.username,
        })),
      };
    },
  );
};

type PageQuery = z.infer<typeof contract.patientRecordAccess.schema.querystring>;

/** One page of the report: each row's clients cut to CLIENTS_PER_ROW, named as the caller may. */
async function accessReportPage(app: FastifyInstance, request: FastifyRequest, q: PageQuery) {
  const filter = await filterOf(request, q, app.db, app.now());
  const { rows, total } = await accessEvents(app.db, filter, {
    sort: q.sort,
    direction: q.direction,
    limit: q.pageSize,
    offset: q.page * q.pageSize,
  });
  const shown = rows.map((row) => ({ row, ids: visibleClients(row, filter) }));
  const labels = await clientLabels(app.db, filter.practiceId, [
    ...new Set([
      ...shown.flatMap((s) => s.ids.slice(0, CLIENTS_PER_ROW)),
      ...(filter.patientId === undefined ? [] : [filter.patientId]),
    ]),
  ]);
  noteAudit(request, { detail: { from: filter.from, to: filter.to, rows: rows.length } });
  return {
    data: shown.map(({ row, ids }) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      kind: row.kind,
      route: row.route,
      reason: row.reason,
      ip: row.ip,
      actor: row.actor,
      impersonator: row.impersonator,
      impersonationReason: row.impersonationReason,
      clients: ids.slice(0, CLIENTS_PER_ROW).map((id) => labelOf(labels, id)),
      clientCount: ids.length,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    from: filter.from,
    to: filter.to,
    timezone: filter.timezone,
    client: filter.patientId === undefined ? null : labelOf(labels, filter.patientId),
    scope: filter.practiceWide ? ('practice' as const) : ('ownClients' as const),
  };
}
