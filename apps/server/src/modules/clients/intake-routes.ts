import {
  CLIENT_SEARCH_CONTEXTS,
  DEFAULT_CLIENT_LIST_PAGE_SIZE,
  DEFAULT_INTAKE_DAYS,
  DEFAULT_INTAKE_PREFERENCES,
  INTAKE_SORT_KEYS,
  MAX_INTAKE_DAYS,
  sortIntakeRows,
} from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadIntake, pageOf, toIntakeRow } from './intake-service.ts';
import { practiceDay } from './practice-day.ts';
import { searchScope } from './search-scope.ts';

const days = z.coerce.number().int().min(1).max(MAX_INTAKE_DAYS).default(DEFAULT_INTAKE_DAYS);
const context = z.enum(CLIENT_SEARCH_CONTEXTS).optional();
const limit = z.coerce.number().int().min(1).max(200).default(DEFAULT_CLIENT_LIST_PAGE_SIZE);
const offset = z.coerce.number().int().min(0).max(100_000).default(0);

export const newClientsBody = z.object({ days, limit, offset, context });
export const intakeQuery = z.object({ days, context });
export const newClientsWithAppointmentsQuery = z.object({
  days,
  context,
  limit,
  offset,
  /** An allow-list: the sort is done by the domain rule, never by request text. */
  sortBy: z.enum(INTAKE_SORT_KEYS).default(DEFAULT_INTAKE_PREFERENCES.sortBy),
  sortDir: z.enum(['asc', 'desc']).default(DEFAULT_INTAKE_PREFERENCES.sortDir),
});

const patientIds = (result: { data: { patientId: number }[] }) =>
  result.data.map((r) => r.patientId);

/**
 * Intake (spec-2 §2 /client/intake): clients added in the last `days` days,
 * with their first appointment when they have one. The page's sort and page
 * size are remembered by the browser (spec-1 §9 long-lived choices), so the
 * spec's rememberIntake and findIntakeMemory have no server side.
 */
export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (
    request: Parameters<typeof searchScope>[1],
    input: { days: number; context?: (typeof CLIENT_SEARCH_CONTEXTS)[number] | undefined },
  ) => {
    const scope = await searchScope(app.db, request, input.context);
    const { today, timezone } = await practiceDay(app.db, scope.practiceId, app.now());
    const intake = await loadIntake(app.db, scope, { today, timezone, days: input.days });
    return { today, ...intake };
  };

  app.get(
    '/patient/getIntake',
    {
      // Counts only: no client is named.
      config: { access: 'practiceStaff', audit: 'none' },
      schema: { querystring: intakeQuery },
    },
    async (request) => {
      const intake = await load(request, request.query);
      return {
        days: request.query.days,
        since: intake.since,
        today: intake.today,
        newClients: intake.withAppointments.length + intake.withoutAppointments.length,
        withAppointments: intake.withAppointments.length,
        withoutAppointments: intake.withoutAppointments.length,
      };
    },
  );

  app.get(
    '/patient/listNewClientsWithAppointments',
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.intake_listed',
          returned: patientIds,
          detail: () => ({ view: 'newClientsWithAppointments' }),
        },
      },
      schema: { querystring: newClientsWithAppointmentsQuery },
    },
    async (request) => {
      const q = request.query;
      const intake = await load(request, q);
      const sorted = sortIntakeRows(intake.withAppointments, q.sortBy, q.sortDir);
      const page = pageOf(sorted, q.limit, q.offset);
      return {
        ...page,
        data: page.data.map((r) => toIntakeRow(r, intake.today)),
        days: q.days,
        since: intake.since,
        sortBy: q.sortBy,
        sortDir: q.sortDir,
      };
    },
  );

  app.post(
    '/patient/getNewClients',
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.intake_listed',
          // Reading a list is not a change, though the page asks with a POST.
          kind: 'list',
          returned: patientIds,
          detail: () => ({ view: 'newClientsWithoutAppointments' }),
        },
      },
      schema: { body: newClientsBody },
    },
    async (request) => {
      const body = request.body;
      const intake = await load(request, body);
      const page = pageOf(intake.withoutAppointments, body.limit, body.offset);
      return {
        ...page,
        data: page.data.map((r) => toIntakeRow(r, intake.today)),
        days: body.days,
        since: intake.since,
      };
    },
  );
};
