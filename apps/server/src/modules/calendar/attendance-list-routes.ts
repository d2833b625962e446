import * as contract from '@openpractice/contracts/calendar/attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteAudit } from '../../platform/route-audit.ts';
import { listUnrecorded } from './attendance-list.ts';

/**
 * Past sessions without recorded attendance (issue 15 item 2): for those who
 * record attendance (role 'scheduling'); a therapist-only user sees their own.
 * The list names clients as the calendar does: one audit row per read naming
 * every client it showed.
 */
export const attendanceListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listUnrecordedAttendance.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.attendance_due_read',
          kind: 'list',
          detail: (request) => {
            const q = request.query as { therapistId?: number | 'all'; offset: number };
            return { therapistId: q.therapistId ?? null, offset: q.offset };
          },
        },
      },
      schema: contract.listUnrecordedAttendance.schema,
    },
    async (request) => {
      const { answer, clientIds } = await listUnrecorded(app.db, request, request.query, app.now());
      noteAudit(request, { patientIds: clientIds, detail: { shown: answer.data.length } });
      return answer;
    },
  );
};
