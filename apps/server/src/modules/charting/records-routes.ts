import * as records from '@openpractice/contracts/charting/records';
import * as settings from '@openpractice/contracts/charting/settings';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { CLINICAL } from './clinical-need.ts';
import { chartingList } from './lists-queries.ts';
import { clientRecords } from './records-queries.ts';

type Settings = {
  signedNoteRequiredForBilling: boolean;
  noteUnlockPolicy: 'never' | 'within' | 'any';
  noteUnlockHours: number;
};

/** The client's Records list, the dashboard's charting lists, and the charting settings. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    records.listClientRecords.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.records_listed', client: { params: 'patientId', need: CLINICAL } },
      },
      schema: records.listClientRecords.schema,
    },
    async (request) =>
      clientRecords(app.db, {
        practiceId: practiceScope(request),
        clientId: request.params.patientId,
        ...request.query,
      }),
  );

  app.get(
    records.getChartingList.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.charting_list', kind: 'list' },
      },
      schema: records.getChartingList.schema,
    },
    async (request) => {
      const list = await chartingList(
        app.db,
        request.params.list,
        { therapistId: authOf(request).therapistId, practiceId: practiceScope(request) },
        app.now(),
      );
      noteAudit(request, {
        patientIds: list.items.map((i) => i.patientId),
        detail: { list: request.params.list, count: list.count },
      });
      return { data: list };
    },
  );

  app.get(
    settings.getChartingSettings.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: settings.getChartingSettings.schema,
    },
    async (request) => {
      const [row] = await rowsOf<Settings>(
        app.db,
        sql`select signed_note_required_for_billing as "signedNoteRequiredForBilling",
                   note_unlock_policy as "noteUnlockPolicy", note_unlock_hours as "noteUnlockHours"
            from practice_settings where practice_id = ${practiceScope(request)}`,
      );
      return {
        data: row ?? {
          signedNoteRequiredForBilling: false,
          noteUnlockPolicy: 'never',
          noteUnlockHours: 24,
        },
      };
    },
  );

  app.put(
    settings.saveChartingSettings.path,
    {
      config: { access: 'manager', audit: { action: 'practice.charting_settings_changed' } },
      schema: settings.saveChartingSettings.schema,
    },
    async (request) => {
      const body = request.body;
      await app.db.execute(
        sql`update practice_settings set signed_note_required_for_billing = ${body.signedNoteRequiredForBilling},
              note_unlock_policy = ${body.noteUnlockPolicy}, note_unlock_hours = ${body.noteUnlockHours},
              updated_at = ${app.now().toISOString()}
            where practice_id = ${practiceScope(request)}`,
      );
      noteAudit(request, { detail: { ...body } });
      return { data: body };
    },
  );
};
