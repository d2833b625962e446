import * as contract from '@openpractice/contracts/practice/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../../platform/access.ts';
import { conflict } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { asMember, loadStaffRow } from './queries.ts';
import {
  actorOf,
  requireManageable,
  saveTherapistDetails,
  setAgentTherapists,
  settingsRoute,
} from './service.ts';

export const NOT_A_THERAPIST =
  'This person is not a therapist. Give them the therapist role first.';

/** A therapist's professional details and supervision; the therapists an external agent works for. */
export const staffTherapistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    contract.updateStaffTherapist.path,
    {
      ...settingsRoute('practice.staff_therapist_changed'),
      schema: contract.updateStaffTherapist.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const actor = actorOf(request);
      const target = await loadStaffRow(app.db, practiceId, request.params.userId);
      requireManageable(actor, target);
      if (!target.therapist) throw conflict(NOT_A_THERAPIST);
      const changed = await saveTherapistDetails(
        app.db,
        practiceId,
        target.therapist,
        request.body,
      );
      const { supervisorIds, superviseeIds } = request.body;
      noteAudit(request, {
        detail: { userId: target.userId, changed, supervisorIds, superviseeIds },
      });
      return {
        data: asMember(await loadStaffRow(app.db, practiceId, target.userId), actor.authorities),
      };
    },
  );

  app.put(
    contract.updateAgentTherapists.path,
    {
      ...settingsRoute('practice.agent_therapists_changed'),
      schema: contract.updateAgentTherapists.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const actor = actorOf(request);
      const target = await loadStaffRow(app.db, practiceId, request.params.userId);
      const therapistIds = await setAgentTherapists(
        app.db,
        practiceId,
        target,
        request.body.therapistIds,
      );
      noteAudit(request, { detail: { userId: target.userId, therapistIds } });
      return {
        data: asMember(await loadStaffRow(app.db, practiceId, target.userId), actor.authorities),
      };
    },
  );
};
