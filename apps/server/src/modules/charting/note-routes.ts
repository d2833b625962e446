import * as contract from '@openpractice/contracts/charting/notes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { actorOf } from './chart-actor.ts';
import { clinicalClient } from './clinical-need.ts';
import { draftSaveClient, type DraftFacts } from './draft-save.ts';
import { noteDetail, templateAnswer } from './note-detail.ts';
import { clientOfAttendee, clientOfNote, currentTemplates, loadNote } from './note-queries.ts';
import { saveDraft } from './note-service.ts';
import { openNoteFor } from './open-note.ts';
import { CHARTING_MESSAGES } from './refusals.ts';

const noteIdOf = (request: FastifyRequest) => (request.params as { noteId: number }).noteId;
const ofNote = clinicalClient(clientOfNote, noteIdOf);

/** The note as it now stands, for the answer of every step. */
export async function answerNote(app: FastifyInstance, request: FastifyRequest, noteId: number) {
  const note = await loadNote(app.db, practiceScope(request), noteId);
  if (!note) throw notFound(CHARTING_MESSAGES.noteNotFound);
  const data = await noteDetail(app.db, actorOf(request), note, app.now());
  // A group's chart names its members, so the row names them as a list names its clients.
  const members = (data.group?.members ?? []).map((m) => m.patientId);
  noteAudit(request, {
    patientIds: members.filter((id) => id !== note.clientId),
    detail: { noteId, status: note.status, version: note.version },
  });
  return { data };
}

/**
 * Progress notes (issue 17 item 1): templates, open, read and save while typing. Every
 * call gates the note's client for clinical access and writes its audit row in the same
 * transaction. Signing and review are in note-review-routes.ts.
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listNoteTemplates.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listNoteTemplates.schema,
    },
    async (request) => ({
      data: (await currentTemplates(app.db, practiceScope(request))).map(templateAnswer),
    }),
  );

  app.post(
    contract.openNote.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.note_opened',
          client: clinicalClient(
            clientOfAttendee,
            (r) => (r.body as { attendeeId: number }).attendeeId,
          ),
        },
      },
      schema: contract.openNote.schema,
    },
    async (request) => {
      const note = await openNoteFor(app.db, actorOf(request), request.body, app.now());
      return answerNote(app, request, note.id);
    },
  );

  app.get(
    contract.getNote.path,
    {
      config: { access: 'practiceStaff', audit: { action: 'client.note_viewed', client: ofNote } },
      schema: contract.getNote.schema,
    },
    async (request) => answerNote(app, request, request.params.noteId),
  );

  app.put(
    contract.saveNoteDraft.path,
    {
      config: {
        access: 'practiceStaff',
        // Saved every few seconds while typing; it changes no session, account or setting.
        keepsSessions: true,
        // The note's client and the facts the save decides on are read in the gate's statement.
        audit: { action: 'client.note_saved', client: draftSaveClient },
      },
      schema: contract.saveNoteDraft.schema,
    },
    async (request) => {
      const updatedAt = await saveDraft(
        app.db,
        actorOf(request),
        request.params.noteId,
        request.body,
        app.now(),
        // Null when the note is missing: the locked path then answers its 404.
        (request.clientGates[0]?.alongside ?? null) as DraftFacts | null,
      );
      // Which fields were saved, never what they say.
      noteAudit(request, {
        detail: { noteId: request.params.noteId, fields: Object.keys(request.body.content) },
      });
      return { updatedAt };
    },
  );
};
