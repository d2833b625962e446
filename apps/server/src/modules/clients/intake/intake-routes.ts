import * as contract from '@openpractice/contracts/clients/intake';
import { sortIntakeRows, type ClientSearchContext } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadIntake, pageOf, toIntakeRow } from './intake-service.ts';
import { practiceDay } from '../../../platform/practice-day.ts';
import { searchScope } from '../search/search-scope.ts';

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
    input: { days: number; context?: ClientSearchContext | undefined },
  ) => {
    const scope = await searchScope(app.db, request, input.context);
    const { today, timezone } = await practiceDay(app.db, scope.practiceId, app.now());
    const intake = await loadIntake(app.db, scope, { today, timezone, days: input.days });
    return { today, ...intake };
  };

  app.get(
    contract.getIntake.path,
    {
      // Counts only: no client is named.
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.getIntake.schema,
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
    contract.listNewClientsWithAppointments.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.intake_listed',
          returned: patientIds,
          detail: () => ({ view: 'newClientsWithAppointments' }),
        },
      },
      schema: contract.listNewClientsWithAppointments.schema,
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
    contract.getNewClients.path,
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
      schema: contract.getNewClients.schema,
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
