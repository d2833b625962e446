import { suggestedTemplateKey } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { ChartActor } from './chart-actor.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { textArray } from '../../platform/sql.ts';
import { currentTemplates, loadNote, noteByAttendee, type NoteRow } from './note-queries.ts';
import { CHARTING_MESSAGES } from './refusals.ts';
import { addHistory } from './note-writes.ts';

export type Session = {
  eventId: number;
  clientId: number;
  type: string;
  therapistId: number;
  usesCharting: boolean;
  startAt: Date;
  minutes: number;
  attended: boolean | null;
  cancelled: boolean;
  cptCode: string | null;
  telehealth: boolean;
  placeOfService: string | null;
  groupClientId: number | null;
};

export async function sessionOf(
  db: Db,
  practiceId: number,
  attendeeId: number,
): Promise<Session | null> {
  const [row] = await rowsOf<Session>(
    db,
    sql`select e.id as "eventId", a.client_id as "clientId", e.type, e.therapist_id as "therapistId",
               t.uses_charting as "usesCharting", e.start_at as "startAt",
               (extract(epoch from e.end_at - e.start_at) / 60)::int as minutes,
               a.attended, e.cancelled_at is not null as cancelled, p.cpt_code as "cptCode",
               e.is_telehealth as telehealth,
               coalesce(e.telehealth_pos, l.place_of_service_code) as "placeOfService",
               e.group_client_id as "groupClientId"
        from calendar_event_attendees a
        join calendar_events e on e.id = a.event_id
        join therapists t on t.id = e.therapist_id
        left join products p on p.id = a.product_id
        left join locations l on l.id = e.location_id
        where a.id = ${attendeeId} and e.practice_id = ${practiceId}`,
  );
  return row ? { ...row, startAt: new Date(row.startAt) } : null;
}

/** The diagnoses a new note starts with: the client's last note's, else their clinical info. */
async function carriedDiagnoses(db: Db, clientId: number): Promise<string[]> {
  const [row] = await rowsOf<{ codes: string[] }>(
    db,
    sql`select coalesce(
          (select diagnoses from chart_notes where client_id = ${clientId} and kind = 'progress'
           order by session_at desc, id desc limit 1),
          (select array_agg(code order by position) from client_diagnoses where client_id = ${clientId}),
          '{}'::text[]) as codes`,
  );
  return row?.codes ?? [];
}

/** The key of the therapist's last note's template (the picker's default). */
async function therapistsLastKey(db: Db, therapistId: number): Promise<string | null> {
  const [last] = await rowsOf<{ key: string }>(
    db,
    sql`select t.key from chart_notes n join note_templates t on t.id = n.template_id
        where n.therapist_id = ${therapistId} order by n.created_at desc, n.id desc limit 1`,
  );
  return last?.key ?? null;
}

/** The template a new note of this session starts with unless another is chosen. */
export async function suggestedTemplate(
  db: Db,
  practiceId: number,
  session: { therapistId: number; cptCode: string | null },
): Promise<string | null> {
  const templates = await currentTemplates(db, practiceId);
  return suggestedTemplateKey(
    templates.map((t) => t.definition),
    {
      cptCode: session.cptCode,
      therapistsLastKey: await therapistsLastKey(db, session.therapistId),
    },
  );
}

/** The current version of the template asked for, else the suggested one (domain rule). */
async function chooseTemplate(
  db: Db,
  practiceId: number,
  session: { therapistId: number; cptCode: string | null },
  requested: string | undefined,
): Promise<number> {
  const templates = await currentTemplates(db, practiceId);
  const key = requested ?? (await suggestedTemplate(db, practiceId, session));
  const id = templates.find((t) => t.definition.key === key)?.id;
  if (id === undefined) {
    if (requested !== undefined) throw badRequest(CHARTING_MESSAGES.unknownTemplate, 'templateKey');
    throw new Error('No note template is installed.');
  }
  return id;
}

/** A group session's shared note, made with the first member's part. */
async function groupNoteIdOf(
  db: Db,
  s: Session,
  practiceId: number,
  templateId: number,
  now: Date,
) {
  if (s.groupClientId === null) return null;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into chart_notes (practice_id, client_id, event_id, therapist_id, template_id, kind,
          is_billing_note, session_at, duration_minutes, cpt_code, place_of_service, telehealth, created_at, updated_at)
        values (${practiceId}, ${s.groupClientId}, ${s.eventId}, ${s.therapistId}, ${templateId}, 'group',
          false, ${s.startAt.toISOString()}, ${s.minutes}, ${s.cptCode}, ${s.placeOfService}, ${s.telehealth},
          ${now.toISOString()}, ${now.toISOString()})
        on conflict (event_id) where kind = 'group' do update set updated_at = chart_notes.updated_at
        returning id`,
  );
  return row?.id ?? null;
}

/** The session of an attendee, once it may have a note written by the caller. */
export async function chartableSession(
  db: Db,
  who: ChartActor,
  attendeeId: number,
  now: Date,
): Promise<Session> {
  const s = await sessionOf(db, who.practiceId, attendeeId);
  if (!s) throw notFound(CHARTING_MESSAGES.noteNotFound);
  if (s.type !== 'appointment') throw badRequest(CHARTING_MESSAGES.notAppointment, 'attendeeId');
  if (s.cancelled || s.attended !== true || s.startAt.getTime() > now.getTime()) {
    throw conflict(CHARTING_MESSAGES.notHappened);
  }
  if (who.therapistId !== s.therapistId) throw forbidden(CHARTING_MESSAGES.onlyTherapist);
  if (!s.usesCharting) throw conflict(CHARTING_MESSAGES.noCharting);
  return s;
}

/** A new draft for the attendee's client, its header from the session; its history's first line. */
async function insertNote(
  db: Db,
  who: ChartActor,
  s: Session,
  note: { attendeeId: number; templateId: number; billing: boolean; groupNoteId: number | null },
  now: Date,
): Promise<NoteRow> {
  const diagnoses = await carriedDiagnoses(db, s.clientId);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into chart_notes (practice_id, client_id, event_id, attendee_id, therapist_id, template_id,
          kind, group_note_id, is_billing_note, session_at, duration_minutes, cpt_code, place_of_service,
          telehealth, diagnoses, created_at, updated_at)
        values (${who.practiceId}, ${s.clientId}, ${s.eventId}, ${note.attendeeId}, ${s.therapistId},
          ${note.templateId}, 'progress', ${note.groupNoteId}, ${note.billing}, ${s.startAt.toISOString()},
          ${s.minutes}, ${s.cptCode}, ${s.placeOfService}, ${s.telehealth}, ${textArray(diagnoses)},
          ${now.toISOString()}, ${now.toISOString()})
        returning id`,
  );
  if (!row) throw new Error('The note was not created.');
  await addHistory(db, who, { noteId: row.id, action: 'created', version: 1, at: now });
  const created = await loadNote(db, who.practiceId, row.id);
  if (!created) throw new Error('The new note vanished.');
  return created;
}

/**
 * The attendee's billing note, created the first time its therapist opens it: only for an
 * appointment that happened and that the client attended, by a therapist who charts. A
 * group member's note is their part of the group's note, made with it.
 */
export async function openNoteFor(
  db: Db,
  who: ChartActor,
  body: { attendeeId: number; templateKey?: string | undefined },
  now: Date,
): Promise<NoteRow> {
  const existing = await noteByAttendee(db, who.practiceId, body.attendeeId);
  if (existing) return existing;
  const s = await chartableSession(db, who, body.attendeeId, now);
  const templateId = await chooseTemplate(db, who.practiceId, s, body.templateKey);
  const groupNoteId = await groupNoteIdOf(db, s, who.practiceId, templateId, now);
  return insertNote(
    db,
    who,
    s,
    { attendeeId: body.attendeeId, templateId, billing: true, groupNoteId },
    now,
  );
}

/**
 * A family or collateral note of the same session and client: never billed (the billing
 * note stays the one), and only once the billing note exists, so that one is always first.
 */
export async function startAdditionalNoteFor(
  db: Db,
  who: ChartActor,
  body: { attendeeId: number; templateKey: string },
  now: Date,
): Promise<NoteRow> {
  const s = await chartableSession(db, who, body.attendeeId, now);
  if (!(await noteByAttendee(db, who.practiceId, body.attendeeId))) {
    throw conflict(CHARTING_MESSAGES.billingNoteFirst);
  }
  const templateId = await chooseTemplate(db, who.practiceId, s, body.templateKey);
  return insertNote(
    db,
    who,
    s,
    { attendeeId: body.attendeeId, templateId, billing: false, groupNoteId: null },
    now,
  );
}
