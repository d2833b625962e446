import type { NoteContent, NoteStatus, NoteTemplateDefinition } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { NoteKind } from '../../db/schema/index.ts';

/** A note as the services decide on it. */
export type NoteRow = {
  id: number;
  practiceId: number;
  clientId: number;
  eventId: number | null;
  therapistId: number;
  templateId: number;
  kind: NoteKind;
  isBillingNote: boolean;
  status: NoteStatus;
  sessionAt: Date;
  durationMinutes: number;
  cptCode: string | null;
  placeOfService: string | null;
  telehealth: boolean;
  diagnoses: string[];
  reviewerTherapistId: number | null;
  content: NoteContent;
  version: number;
  lockedAt: Date | null;
  updatedAt: Date;
};

const NOTE_COLUMNS = sql`n.id, n.practice_id as "practiceId", n.client_id as "clientId",
  n.event_id as "eventId", n.therapist_id as "therapistId", n.template_id as "templateId",
  n.kind, n.is_billing_note as "isBillingNote", n.status, n.session_at as "sessionAt",
  n.duration_minutes as "durationMinutes", n.cpt_code as "cptCode",
  n.place_of_service as "placeOfService", n.telehealth, n.diagnoses,
  n.reviewer_therapist_id as "reviewerTherapistId", n.content, n.version,
  n.locked_at as "lockedAt", n.updated_at as "updatedAt"`;

/** Timestamps arrive as Date from PostgreSQL and as strings from some paths: one shape. */
function normalise(row: NoteRow): NoteRow {
  return {
    ...row,
    sessionAt: new Date(row.sessionAt),
    updatedAt: new Date(row.updatedAt),
    lockedAt: row.lockedAt === null ? null : new Date(row.lockedAt),
  };
}

/** The note in this practice, locked for the rest of the transaction when `forUpdate`. */
export async function loadNote(
  db: Db,
  practiceId: number,
  noteId: number,
  forUpdate = false,
): Promise<NoteRow | null> {
  const [row] = await rowsOf<NoteRow>(
    db,
    sql`select ${NOTE_COLUMNS} from chart_notes n
        where n.id = ${noteId} and n.practice_id = ${practiceId}
        ${forUpdate ? sql`for update` : sql``}`,
  );
  return row ? normalise(row) : null;
}

/**
 * For a change: the note locked for the transaction, with its author's supervisors and
 * its template, in one query (a draft is saved every few seconds while typing).
 */
export async function noteForChange(
  db: Db,
  practiceId: number,
  noteId: number,
): Promise<
  | (NoteRow & {
      supervisors: { therapistId: number; userId: number; name: string }[];
      definition: NoteTemplateDefinition;
    })
  | null
> {
  const [row] = await rowsOf<
    NoteRow & {
      supervisors: { therapistId: number; userId: number; name: string }[];
      definition: NoteTemplateDefinition;
    }
  >(
    db,
    sql`select ${NOTE_COLUMNS}, t.definition,
          coalesce((select json_agg(json_build_object('therapistId', st.id, 'userId', st.user_id,
                      'name', btrim(st.first_name || ' ' || st.last_name)) order by st.last_name, st.first_name, st.id)
                    from therapist_supervisors s join therapists st on st.id = s.supervisor_therapist_id
                    where s.supervisee_therapist_id = n.therapist_id and st.active), '[]'::json) as supervisors
        from chart_notes n join note_templates t on t.id = n.template_id
        where n.id = ${noteId} and n.practice_id = ${practiceId}
        for update of n`,
  );
  return row
    ? { ...normalise(row), supervisors: row.supervisors, definition: row.definition }
    : null;
}

export async function noteByAttendee(
  db: Db,
  practiceId: number,
  attendeeId: number,
): Promise<NoteRow | null> {
  const [row] = await rowsOf<NoteRow>(
    db,
    sql`select ${NOTE_COLUMNS} from chart_notes n
        join calendar_event_attendees a on a.event_id = n.event_id and a.client_id = n.client_id
        where a.id = ${attendeeId} and n.practice_id = ${practiceId}
          and n.kind = 'progress' and n.is_billing_note`,
  );
  return row ? normalise(row) : null;
}

/** The clients a note or addendum is about, for the client gate (none outside the practice). */
export async function clientOfNote(db: Db, noteId: number): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from chart_notes where id = ${noteId}`,
  );
  return rows.map((r) => r.clientId);
}

export async function clientOfAddendum(db: Db, addendumId: number): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select n.client_id as "clientId" from chart_addenda d join chart_notes n on n.id = d.note_id
        where d.id = ${addendumId}`,
  );
  return rows.map((r) => r.clientId);
}

export async function clientOfAttendee(db: Db, attendeeId: number): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from calendar_event_attendees where id = ${attendeeId}`,
  );
  return rows.map((r) => r.clientId);
}

export type TemplateRow = { id: number; definition: NoteTemplateDefinition };

/** The newest version of each template the practice can use (its own first, then shipped). */
export async function currentTemplates(db: Db, practiceId: number): Promise<TemplateRow[]> {
  return rowsOf<TemplateRow>(
    db,
    sql`select distinct on (key) id, definition from note_templates
        where practice_id = ${practiceId} or practice_id is null
        order by key, (practice_id is null), version desc`,
  );
}

export async function templateById(db: Db, templateId: number): Promise<TemplateRow | null> {
  const [row] = await rowsOf<TemplateRow>(
    db,
    sql`select id, definition from note_templates where id = ${templateId}`,
  );
  return row ?? null;
}

/** Supervisors of a therapist, by name: a supervisee's notes go to one of them. */
export async function supervisorsOf(
  db: Db,
  therapistId: number,
): Promise<{ therapistId: number; userId: number; name: string }[]> {
  return rowsOf(
    db,
    sql`select t.id as "therapistId", t.user_id as "userId",
               btrim(t.first_name || ' ' || t.last_name) as name
        from therapist_supervisors s join therapists t on t.id = s.supervisor_therapist_id
        where s.supervisee_therapist_id = ${therapistId} and t.active
        order by t.last_name, t.first_name, t.id`,
  );
}

export async function therapistName(db: Db, therapistId: number): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select btrim(first_name || ' ' || last_name) as name from therapists where id = ${therapistId}`,
  );
  return row?.name ?? '';
}
