import * as contract from '@openpractice/contracts/charting/psychotherapy';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { CLINICAL, clinicalClient } from './clinical-need.ts';

type Answer = z.output<typeof contract.psychotherapyNote>;

const MESSAGES = {
  notFound: 'That psychotherapy note was not found.',
  onlySessionTherapist: "Only the session's therapist writes its psychotherapy note.",
  released: 'A released psychotherapy note cannot change.',
  onlyAuthor: 'Only its author can release a psychotherapy note.',
} as const;

/** The notes the caller may see: their own, and released ones (`where` narrows further). */
async function visibleNotes(db: Db, request: FastifyRequest, where: SQL): Promise<Answer[]> {
  const me = authOf(request).user.id;
  return rowsOf<Answer>(
    db,
    sql`select p.id as "psychotherapyNoteId", p.client_id as "patientId", p.event_id as "eventId",
               btrim(u.first_name || ' ' || u.last_name) as "authorName", p.text,
               p.released_at as "releasedAt", p.updated_at as "updatedAt",
               p.author_user_id = ${me} as "isMine"
        from psychotherapy_notes p join users u on u.id = p.author_user_id
        where p.practice_id = ${practiceScope(request)}
          and (p.author_user_id = ${me} or p.released_at is not null) and ${where}
        order by p.created_at desc, p.id desc`,
  );
}

async function clientOfPsychotherapyNote(db: Db, id: number): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from psychotherapy_notes where id = ${id}`,
  );
  return rows.map((r) => r.clientId);
}

/**
 * Psychotherapy notes (issue 17 item 5), stored apart from the record (their own table,
 * never joined by the records list, printing or exports); each read and change audited.
 */
export const psychotherapyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getMyPsychotherapyNote.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.psychotherapy_note_viewed',
          client: { query: 'patientId', need: CLINICAL },
        },
      },
      schema: contract.getMyPsychotherapyNote.schema,
    },
    async (request) => {
      const q = request.query;
      const [note] = await visibleNotes(
        app.db,
        request,
        sql`p.author_user_id = ${authOf(request).user.id} and p.client_id = ${q.patientId} and p.event_id = ${q.eventId}`,
      );
      noteAudit(request, { detail: { eventId: q.eventId, found: note !== undefined } });
      return { data: note ?? null };
    },
  );

  app.put(
    contract.savePsychotherapyNote.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: {
          action: 'client.psychotherapy_note_saved',
          client: { body: 'patientId', need: CLINICAL },
        },
      },
      schema: contract.savePsychotherapyNote.schema,
    },
    async (request) => {
      const { patientId, eventId, text } = request.body;
      const auth = authOf(request);
      const [session] = await rowsOf<{ therapistId: number }>(
        app.db,
        sql`select e.therapist_id as "therapistId" from calendar_events e
            join calendar_event_attendees a on a.event_id = e.id and a.client_id = ${patientId}
            where e.id = ${eventId} and e.practice_id = ${practiceScope(request)}`,
      );
      if (!session) throw notFound(MESSAGES.notFound);
      if (session.therapistId !== auth.therapistId) throw forbidden(MESSAGES.onlySessionTherapist);
      const now = app.now().toISOString();
      const [row] = await rowsOf<{ id: number; releasedAt: Date | null }>(
        app.db,
        sql`insert into psychotherapy_notes (practice_id, client_id, event_id, author_user_id, text, created_at, updated_at)
            values (${practiceScope(request)}, ${patientId}, ${eventId}, ${auth.user.id}, ${text}, ${now}, ${now})
            on conflict (event_id, client_id, author_user_id) do update
              set text = excluded.text, updated_at = excluded.updated_at
              where psychotherapy_notes.released_at is null
            returning id, released_at as "releasedAt"`,
      );
      if (!row) throw conflict(MESSAGES.released);
      noteAudit(request, { detail: { eventId, psychotherapyNoteId: row.id } });
      const [note] = await visibleNotes(app.db, request, sql`p.id = ${row.id}`);
      if (!note) throw notFound(MESSAGES.notFound);
      return { data: note };
    },
  );
};

/** Releasing a psychotherapy note, and the client's notes the caller may read. */
export const psychotherapyReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.releasePsychotherapyNote.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: {
          action: 'client.psychotherapy_note_released',
          client: clinicalClient(
            clientOfPsychotherapyNote,
            (r) => (r.params as { psychotherapyNoteId: number }).psychotherapyNoteId,
          ),
        },
      },
      schema: contract.releasePsychotherapyNote.schema,
    },
    async (request) => {
      const id = request.params.psychotherapyNoteId;
      const [note] = await visibleNotes(app.db, request, sql`p.id = ${id}`);
      if (!note) throw notFound(MESSAGES.notFound);
      if (!note.isMine) throw forbidden(MESSAGES.onlyAuthor);
      await app.db.execute(
        sql`update psychotherapy_notes set released_at = coalesce(released_at, ${app.now().toISOString()})
            where id = ${id}`,
      );
      noteAudit(request, { detail: { psychotherapyNoteId: id } });
      const [released] = await visibleNotes(app.db, request, sql`p.id = ${id}`);
      return { data: released ?? note };
    },
  );

  app.get(
    contract.listPsychotherapyNotes.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.psychotherapy_notes_listed',
          client: { params: 'patientId', need: CLINICAL },
        },
      },
      schema: contract.listPsychotherapyNotes.schema,
    },
    async (request) => {
      const notes = await visibleNotes(
        app.db,
        request,
        sql`p.client_id = ${request.params.patientId}`,
      );
      noteAudit(request, { detail: { count: notes.length } });
      return { data: notes };
    },
  );
};
