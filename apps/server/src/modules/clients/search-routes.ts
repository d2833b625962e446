import {
  CLIENT_SEARCH_CONTEXT_LABELS,
  EXPORT_ALL_LIMIT,
  formatClientNumber,
} from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf } from '../../db/client.ts';
import { practiceSettings } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { createClient, newClientBody } from './create-client.ts';
import { csvLine } from './csv.ts';
import { searchQuery } from './search-params.ts';
import { countClients, searchClients } from './search-queries.ts';
import { callerFacts, searchScope } from './search-scope.ts';

const EXPORT_HEADER = [
  'Account number',
  'Last name',
  'First name',
  'Nickname',
  'Date of birth',
  'Therapists',
  'Group',
  'Primary insurance',
  'Insurance number',
  'Secondary insurance',
  'Responsible party',
  'Email',
  'Phone',
  'Payment type',
  'Status',
  'Added',
];

/** Client search (spec-1 §3 Client search), the typeahead, CSV export, duplicates and new clients. */
export const clientSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/patient/searchContexts', { config: { access: 'practiceStaff' } }, async (request) => {
    const facts = await callerFacts(app.db, request);
    return {
      data: facts.contexts.map((value) => ({ value, label: CLIENT_SEARCH_CONTEXT_LABELS[value] })),
      callerTherapistId: facts.therapistId,
    };
  });

  app.get(
    '/patient/findPatients',
    { config: { access: 'practiceStaff' }, schema: { querystring: searchQuery } },
    async (request) => {
      const q = request.query;
      const scope = await searchScope(app.db, request, q.context);
      const [rows, total] = await Promise.all([
        searchClients(app.db, scope, q),
        q.includeTotal ? countClients(app.db, scope, q) : Promise.resolve(null),
      ]);
      return { data: rows, total, limit: q.limit, offset: q.offset };
    },
  );

  /**
   * Linked clients: the therapy groups whose members match the search. Only for
   * context all (spec-2 §7); any other context gets an empty list.
   */
  app.get(
    '/patient/linkedPatients',
    { config: { access: 'practiceStaff' }, schema: { querystring: searchQuery } },
    async (request) => {
      const q = request.query;
      if (q.context !== 'all') return { data: [] };
      const scope = await searchScope(app.db, request, 'all');
      const members = await searchClients(app.db, scope, {
        ...q,
        omitGroups: true,
        limit: 200,
        offset: 0,
      });
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

  app.get(
    '/therapist/listSearchGroups',
    { config: { access: 'practiceStaff' } },
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

  app.get(
    '/setting/getCustomSearchCapabilities',
    { config: { access: 'practiceStaff' } },
    async (request) => {
      const [row] = await app.db
        .select({ label: practiceSettings.customSearchableIdLabel })
        .from(practiceSettings)
        .where(eq(practiceSettings.practiceId, practiceScope(request)));
      return { customSearchableId: { enabled: Boolean(row?.label), label: row?.label ?? null } };
    },
  );

  app.get(
    '/patient/exportPatients',
    { config: { access: 'practiceStaff' }, schema: { querystring: searchQuery } },
    async (request, reply) => {
      const q = { ...request.query, limit: EXPORT_ALL_LIMIT, offset: 0 };
      const scope = await searchScope(app.db, request, q.context);
      const rows = await searchClients(app.db, scope, q);
      // One audit row for the export, naming how many records left the system and which.
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'client.search_exported',
        detail: {
          count: rows.length,
          context: q.context,
          patientIds: rows.slice(0, 1000).map((r) => r.user_id),
        },
      });
      const body =
        csvLine(EXPORT_HEADER) +
        rows
          .map((r) =>
            csvLine([
              r.accountNumber,
              r.patient_last_name,
              r.patient_first_name,
              r.patient_nick_name,
              r.dateOfBirth,
              r.therapist_names,
              r.group_name,
              r.practice_insurance_name,
              r.user_insurance_insurancenumber,
              r.secondary_practice_insurance_name,
              [r.responsible_party_first_name, r.responsible_party_last_name]
                .filter(Boolean)
                .join(' '),
              r.email,
              r.phone,
              r.payment_type,
              r.clientStatus,
              r.added.slice(0, 10),
            ]),
          )
          .join('');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(body);
    },
  );

  app.get(
    '/patient/listDuplicateClients',
    {
      config: { access: 'practiceStaff' },
      schema: {
        querystring: z.object({
          firstName: z.string().trim().min(1, 'This is required.').max(60),
          lastName: z.string().trim().min(1, 'This is required.').max(60),
          dob: z.iso.date().optional(),
          email: z.string().max(254).optional(),
          phone: z.string().max(30).optional(),
        }),
      },
    },
    async (request) => {
      const { firstName, lastName, dob, email, phone } = request.query;
      const practiceId = practiceScope(request);
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
      }>(
        app.db,
        sql`select c.id, c.first_name, c.last_name, c.dob::text as dob, c.account_number,
            (lower(c.first_name) = lower(${firstName}) and lower(c.last_name) = lower(${lastName})) as same_name,
            (${dob ?? null}::date is not null and c.dob = ${dob ?? null}::date and lower(c.last_name) = lower(${lastName})) as same_dob,
            (${email ?? ''} <> '' and exists (select 1 from client_emails e where e.client_id = c.id and lower(e.email) = lower(${email ?? ''}))) as same_email,
            (${digits} <> '' and exists (select 1 from client_phones p where p.client_id = c.id and p.number = ${digits})) as same_phone
          from clients c
          where c.practice_id = ${practiceId} and not c.is_group and c.merged_into_id is null and c.record_status_id <> 3
            and (lower(c.last_name) = lower(${lastName})
              or (${email ?? ''} <> '' and exists (select 1 from client_emails e where e.client_id = c.id and lower(e.email) = lower(${email ?? ''})))
              or (${digits} <> '' and exists (select 1 from client_phones p where p.client_id = c.id and p.number = ${digits})))
          order by c.last_name, c.first_name limit 50`,
      );
      const data = rows
        .map((r) => ({
          user_id: r.id,
          firstName: r.first_name,
          lastName: r.last_name,
          dateOfBirth: r.dob,
          accountNumber: formatClientNumber(r.account_number),
          reasons: [
            r.same_name && 'Same name',
            r.same_dob && 'Same last name and date of birth',
            r.same_email && 'Same email',
            r.same_phone && 'Same phone',
          ].filter((x): x is string => typeof x === 'string'),
        }))
        .filter((r) => r.reasons.length > 0);
      return { data };
    },
  );

  app.post(
    '/patient/addNewPatientForTherapists',
    { config: { access: 'practiceStaff' }, schema: { body: newClientBody } },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      const created = await createClient(app.db, request, practiceId, request.body, app.now());
      return reply
        .status(201)
        .send({ patientId: created.id, accountNumber: formatClientNumber(created.accountNumber) });
    },
  );
};
