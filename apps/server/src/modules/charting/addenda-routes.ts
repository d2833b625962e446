import * as contract from '@openpractice/contracts/charting/addenda';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertPasswordRecentlyVerified } from '../../platform/recent-password.ts';
import { createAddendum, reviewAddendum, saveAddendum, signAddendum } from './addenda-service.ts';
import { actorOf } from './chart-actor.ts';
import { clinicalClient } from './clinical-need.ts';
import { clientOfAddendum, clientOfNote } from './note-queries.ts';
import { answerNote } from './note-routes.ts';

const addendumIdOf = (request: FastifyRequest) =>
  (request.params as { addendumId: number }).addendumId;
const ofAddendum = clinicalClient(clientOfAddendum, addendumIdOf);
const signing = { access: 'practiceStaff', notWhileImpersonating: true } as const;

/** Addenda to locked notes (issue 17 item 3); every answer is the whole note. */
export const addendaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.createAddendum.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.addendum_created',
          client: clinicalClient(clientOfNote, (r) => (r.body as { noteId: number }).noteId),
        },
      },
      schema: contract.createAddendum.schema,
    },
    async (request) =>
      answerNote(
        app,
        request,
        await createAddendum(app.db, actorOf(request), request.body.noteId, app.now()),
      ),
  );

  app.put(
    contract.saveAddendum.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.addendum_saved', client: ofAddendum },
      },
      schema: contract.saveAddendum.schema,
    },
    async (request) => {
      const noteId = await saveAddendum(
        app.db,
        actorOf(request),
        request.params.addendumId,
        request.body.text,
        app.now(),
      );
      return answerNote(app, request, noteId);
    },
  );

  app.post(
    contract.signAddendum.path,
    {
      config: { ...signing, audit: { action: 'client.addendum_signed', client: ofAddendum } },
      schema: contract.signAddendum.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      const noteId = await signAddendum(
        app.db,
        actorOf(request),
        request.params.addendumId,
        request.body.reviewerTherapistId,
        app.now(),
      );
      return answerNote(app, request, noteId);
    },
  );

  app.post(
    contract.returnAddendum.path,
    {
      config: { ...signing, audit: { action: 'client.addendum_returned', client: ofAddendum } },
      schema: contract.returnAddendum.schema,
    },
    async (request) => {
      const noteId = await reviewAddendum(
        app.db,
        actorOf(request),
        request.params.addendumId,
        { cosign: false, comment: request.body.comment },
        app.now(),
      );
      return answerNote(app, request, noteId);
    },
  );

  app.post(
    contract.cosignAddendum.path,
    {
      config: { ...signing, audit: { action: 'client.addendum_cosigned', client: ofAddendum } },
      schema: contract.cosignAddendum.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      const noteId = await reviewAddendum(
        app.db,
        actorOf(request),
        request.params.addendumId,
        { cosign: true },
        app.now(),
      );
      return answerNote(app, request, noteId);
    },
  );
};
