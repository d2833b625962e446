import * as contract from '@openpractice/contracts/charting/session-notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { actorOf } from './chart-actor.ts';
import { clinicalClient } from './clinical-need.ts';
import { clientOfAttendee } from './note-queries.ts';
import { answerNote } from './note-routes.ts';
import { startAdditionalNoteFor } from './open-note.ts';
import { sessionNotes } from './session-notes.ts';

const attendeeOfBody = clinicalClient(
  clientOfAttendee,
  (r) => (r.body as { attendeeId: number }).attendeeId,
);

/**
 * A session's notes for one client (issue 17 item 1): what exists before one is started
 * (the template picker's default with it), and family or collateral notes beside the
 * billing note. Gated for the attendee's client and audited like the other note calls.
 */
export const sessionNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getSessionNotes.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.session_notes_listed',
          client: clinicalClient(
            clientOfAttendee,
            (r) => (r.params as { attendeeId: number }).attendeeId,
          ),
        },
      },
      schema: contract.getSessionNotes.schema,
    },
    async (request) => {
      const data = await sessionNotes(app.db, practiceScope(request), request.params.attendeeId);
      noteAudit(request, { detail: { notes: data.notes.length } });
      return { data };
    },
  );

  app.post(
    contract.startAdditionalNote.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.additional_note_started', client: attendeeOfBody },
      },
      schema: contract.startAdditionalNote.schema,
    },
    async (request) => {
      const note = await startAdditionalNoteFor(app.db, actorOf(request), request.body, app.now());
      return answerNote(app, request, note.id);
    },
  );
};
