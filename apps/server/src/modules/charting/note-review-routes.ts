import * as contract from '@openpractice/contracts/charting/notes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertPasswordRecentlyVerified } from '../../platform/recent-password.ts';
import { actorOf } from './chart-actor.ts';
import { clinicalClient } from './clinical-need.ts';
import { clientOfNote } from './note-queries.ts';
import { answerNote } from './note-routes.ts';
import { cosignNote, returnNote, signNote, unlockNote } from './note-service.ts';

const ofNote = clinicalClient(
  clientOfNote,
  (r: FastifyRequest) => (r.params as { noteId: number }).noteId,
);

/**
 * Signing a note (or sending it for review), returning it with feedback, co-signing and
 * unlocking (issue 17 item 2). Signatures need a password checked within minutes and are
 * never made while impersonating; each step's audit row commits with it.
 */
export const noteReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.signNote.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: { action: 'client.note_signed', client: ofNote },
      },
      schema: contract.signNote.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      await signNote(app.db, actorOf(request), request.params.noteId, request.body, app.now());
      return answerNote(app, request, request.params.noteId);
    },
  );

  app.post(
    contract.returnNote.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: { action: 'client.note_returned', client: ofNote },
      },
      schema: contract.returnNote.schema,
    },
    async (request) => {
      await returnNote(
        app.db,
        actorOf(request),
        request.params.noteId,
        request.body.comment,
        app.now(),
      );
      return answerNote(app, request, request.params.noteId);
    },
  );

  app.post(
    contract.cosignNote.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: { action: 'client.note_cosigned', client: ofNote },
      },
      schema: contract.cosignNote.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      await cosignNote(app.db, actorOf(request), request.params.noteId, app.now());
      return answerNote(app, request, request.params.noteId);
    },
  );

  app.post(
    contract.unlockNote.path,
    {
      config: {
        access: 'manager',
        notWhileImpersonating: true,
        audit: { action: 'client.note_unlocked', client: ofNote },
      },
      schema: contract.unlockNote.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      await unlockNote(
        app.db,
        actorOf(request),
        request.params.noteId,
        request.body.reason,
        app.now(),
      );
      return answerNote(app, request, request.params.noteId);
    },
  );
};
