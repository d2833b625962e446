import {
  CLIENT_SEARCH_CONTEXT_LABELS,
  EXPORT_ALL_LIMIT,
  formatClientNumber,
  searchableFields,
} from '@openpractice/domain';
import * as contract from '@openpractice/contracts/clients/search';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../../db/client.ts';
import { practiceSettings } from '../../../db/schema/index.ts';
import { authOf, practiceScope } from '../../../platform/access.ts';
import { forbidden } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { createClient } from './create-client.ts';
import { findDuplicates } from './duplicate-check.ts';
import { searchCsv } from './search-export.ts';
import {
  countClients,
  searchClients,
  type SearchQuery,
  type SearchScope,
} from './search-queries.ts';
import { callerFacts, searchScope } from './search-scope.ts';

const authorities = (request: FastifyRequest) => authOf(request).user.authorities;
const rowIds = (result: { data: { user_id: number }[] }) => result.data.map((r) => r.user_id);

export const INSURANCE_SEARCH_FORBIDDEN = "You cannot search by clients' insurance.";

/**
 * The terms a caller may use in this context: filtering by insurance would
 * tell whose insurance it is to someone the rows do not show it to (403);
 * sorting by date of birth, which the rows leave out, sorts by name instead.
 */
function allowedTerms<Q extends SearchQuery>(request: FastifyRequest, scope: SearchScope, q: Q): Q {
  const fields = searchableFields(authOf(request).user.authorities, scope.context);
  const byInsurance =
    Boolean(q.primaryInsuranceIds?.length) ||
    Boolean(q.secondaryInsuranceIds?.length) ||
    Boolean(q.privatePay) ||
    Boolean(q.noInsurance);
  if (byInsurance && !fields.has('insurance')) throw forbidden(INSURANCE_SEARCH_FORBIDDEN);
  if (q.sortBy === 'dateOfBirth' && !fields.has('dob')) return { ...q, sortBy: 'name' };
  return q;
}

/** Client search (spec-1 §3 Client search): its contexts, the search and typeahead, and CSV export. */
export const clientSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.searchContexts.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.searchContexts.schema,
    },
    async (request) => {
      const facts = await callerFacts(app.db, request);
      return {
        data: facts.contexts.map((value) => ({
          value,
          label: CLIENT_SEARCH_CONTEXT_LABELS[value],
        })),
        callerTherapistId: facts.therapistId,
      };
    },
  );

  /** The search page and the typeahead: one audit row naming every client answered. */
  app.get(
    contract.findPatients.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.searched',
          returned: rowIds,
          detail: (request) => ({ context: (request.query as SearchQuery).context ?? null }),
        },
      },
      schema: contract.findPatients.schema,
    },
    async (request) => {
      const scope = await searchScope(app.db, request, request.query.context);
      const q = allowedTerms(request, scope, request.query);
      const [rows, total] = await Promise.all([
        searchClients(app.db, scope, q, authorities(request)),
        q.includeTotal ? countClients(app.db, scope, q) : Promise.resolve(null),
      ]);
      return { data: rows, total, limit: q.limit, offset: q.offset };
    },
  );

  app.get(
    contract.getCustomSearchCapabilities.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.getCustomSearchCapabilities.schema,
    },
    async (request) => {
      const [row] = await app.db
        .select({ label: practiceSettings.customSearchableIdLabel })
        .from(practiceSettings)
        .where(eq(practiceSettings.practiceId, practiceScope(request)));
      return { customSearchableId: { enabled: Boolean(row?.label), label: row?.label ?? null } };
    },
  );

  /** The search as CSV: one audit row naming every client that left the system. */
  app.get(
    contract.exportPatients.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.search_exported', kind: 'export' },
      },
      schema: contract.exportPatients.schema,
    },
    async (request, reply) => {
      const scope = await searchScope(app.db, request, request.query.context);
      const q = allowedTerms(request, scope, {
        ...request.query,
        limit: EXPORT_ALL_LIMIT,
        offset: 0,
      });
      const rows = await searchClients(app.db, scope, q, authorities(request));
      noteAudit(request, {
        patientIds: rows.map((r) => r.user_id),
        detail: { count: rows.length, context: scope.context },
      });
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="clients-${app.now().toISOString().slice(0, 10)}.csv"`,
        );
      // Returned, not sent: the answer leaves only once its audit row is committed.
      return searchCsv(rows, searchableFields(authorities(request), scope.context));
    },
  );
};

/** Searching by therapy group: the groups to filter by, and the groups of the clients found. */
export const groupSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Linked clients: the therapy groups whose members match the search. Only for
   * context all (spec-2 §7); any other context gets an empty list.
   */
  app.get(
    contract.linkedPatients.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.searched',
          returned: (result: { data: { user_id: number; member_ids: number[] }[] }) =>
            result.data.flatMap((g) => [g.user_id, ...g.member_ids]),
          detail: () => ({ view: 'linkedPatients' }),
        },
      },
      schema: contract.linkedPatients.schema,
    },
    async (request) => {
      if (request.query.context !== 'all') return { data: [] };
      const scope = await searchScope(app.db, request, 'all');
      const q = allowedTerms(request, scope, request.query);
      const members = await searchClients(
        app.db,
        scope,
        { ...q, omitGroups: true, limit: 200, offset: 0 },
        authorities(request),
      );
      const ids = members.map((m) => m.user_id);
      if (ids.length === 0) return { data: [] };
      const data = await rowsOf<{ user_id: number; name: string; member_ids: number[] }>(
        app.db,
        sql`select g.id as user_id, g.first_name || ' ' || g.last_name as name, array_agg(m.client_id) as member_ids
        from client_group_members m join clients g on g.id = m.group_client_id
        where g.practice_id = ${scope.practiceId} and m.left_on is null
          and m.client_id = any(array[${sql.join(
            ids.map((id) => sql`${id}::int`),
            sql`, `,
          )}])
        group by g.id order by g.first_name`,
      );
      return { data };
    },
  );

  /** The practice's therapy groups (client records of their own) for the search filter. */
  app.get(
    contract.listSearchGroups.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.searched',
          returned: (result: { data: { id: number }[] }) => result.data.map((g) => g.id),
          detail: () => ({ view: 'searchGroups' }),
        },
      },
      schema: contract.listSearchGroups.schema,
    },
    async (request) => ({
      data: await rowsOf<{ id: number; name: string; memberCount: number }>(
        app.db,
        sql`select g.id, g.first_name || ' ' || g.last_name as name,
        (select count(*)::int from client_group_members m where m.group_client_id = g.id and m.left_on is null) as "memberCount"
      from clients g where g.practice_id = ${practiceScope(request)} and g.is_group and g.record_status_id = 1
      order by g.first_name, g.last_name`,
      ),
    }),
  );
};

/** Adding a client: the duplicate check the form runs first, and creating the record. */
export const newClientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listDuplicateClients.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.duplicates_checked', returned: rowIds },
      },
      schema: contract.listDuplicateClients.schema,
    },
    async (request) => {
      const caller = {
        practiceId: practiceScope(request),
        userId: authOf(request).user.id,
        authorities: authOf(request).user.authorities,
      };
      return { data: await findDuplicates(app.db, caller, request.query) };
    },
  );

  app.post(
    contract.addNewPatientForTherapists.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.created',
          returned: (result: { patientId: number }) => [result.patientId],
        },
      },
      schema: contract.addNewPatientForTherapists.schema,
    },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      const created = await createClient(app.db, request, practiceId, request.body, app.now());
      if (created.forms.length > 0) {
        noteAudit(request, {
          detail: { formDefinitionIds: created.forms.map((f) => f.formDefinitionId) },
        });
      }
      reply.status(201);
      return { patientId: created.id, accountNumber: formatClientNumber(created.accountNumber) };
    },
  );
};
