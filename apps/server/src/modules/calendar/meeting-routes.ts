import * as contract from '@openpractice/contracts/calendar/details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMeeting, meetingDetails, updateMeeting } from './meeting-service.ts';

/**
 * Meeting, out-of-office and holiday details and changes (spec-1 §7 Scheduling and details).
 * Meetings hold no client data: no client audit, and each change keeps a platform row.
 */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getMeetingDetails.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.getMeetingDetails.schema },
    async (request) => ({ data: await meetingDetails(app.db, request, request.params.id) }),
  );

  app.post(
    contract.updateMeeting.path,
    { config: { access: 'scheduling', audit: 'none' }, schema: contract.updateMeeting.schema },
    async (request) => ({
      status: 'success' as const,
      message: 'Meeting updated.',
      data: await updateMeeting(app.db, request, request.body),
    }),
  );

  app.post(
    contract.deleteMeeting.path,
    { config: { access: 'scheduling', audit: 'none' }, schema: contract.deleteMeeting.schema },
    async (request) => {
      await deleteMeeting(app.db, request, request.body.calendar_event_id);
      return { status: 'success' as const, message: 'Meeting deleted.' };
    },
  );
};
