import type { NoteContent, NoteTemplateDefinition } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { PrintJobClientItems } from '../../db/schema/index.ts';
import { idArray, isoOf } from '../../platform/sql.ts';

/**
 * What the PDFs show, read when the job runs, from the records the request pinned: each note's
 * locked version (never its draft) with its header, template, signatures and locked addenda,
 * and each appointment. Psychotherapy notes are never read.
 */

export type PrintedSignature = {
  signerName: string;
  role: 'author' | 'cosigner';
  signedAt: string;
  version: number;
  contentHash: string;
};

export type PrintedAddendum = {
  id: number;
  therapistName: string;
  text: string;
  lockedAt: string;
  signatures: PrintedSignature[];
};

export type PrintedNote = {
  noteId: number;
  kind: string;
  sessionAt: string;
  durationMinutes: number;
  cptCode: string | null;
  placeOfService: string | null;
  telehealth: boolean;
  diagnoses: { code: string; description: string | null }[];
  therapistName: string;
  therapistCredentials: string | null;
  templateName: string;
  template: NoteTemplateDefinition;
  version: number;
  content: NoteContent;
  contentHash: string;
  lockedAt: string;
  signatures: PrintedSignature[];
  addenda: PrintedAddendum[];
};

type NoteRow = Omit<PrintedNote, 'signatures' | 'addenda' | 'diagnoses'> & {
  diagnosisCodes: string[];
  /** The header as it was signed (charting's signedHeader), when the version holds one. */
  signedHeader: Record<string, unknown> | null;
};

type Header = Pick<
  NoteRow,
  'sessionAt' | 'durationMinutes' | 'cptCode' | 'placeOfService' | 'telehealth' | 'diagnosisCodes'
>;

const textOrNull = (value: unknown, fallback: string | null) =>
  value === null || typeof value === 'string' ? value : fallback;

/** The header printed: what was signed with the version, else the note's own columns. */
export function printedHeader(
  row: Header & { signedHeader: Record<string, unknown> | null },
): Header {
  const signed = row.signedHeader ?? {};
  const has = (key: string) => Object.hasOwn(signed, key);
  const diagnoses = signed.diagnoses;
  return {
    sessionAt:
      typeof signed.sessionAt === 'string' && !Number.isNaN(Date.parse(signed.sessionAt))
        ? new Date(signed.sessionAt).toISOString()
        : row.sessionAt,
    durationMinutes:
      typeof signed.durationMinutes === 'number' ? signed.durationMinutes : row.durationMinutes,
    cptCode: has('cptCode') ? textOrNull(signed.cptCode, row.cptCode) : row.cptCode,
    placeOfService: has('placeOfService')
      ? textOrNull(signed.placeOfService, row.placeOfService)
      : row.placeOfService,
    telehealth: typeof signed.telehealth === 'boolean' ? signed.telehealth : row.telehealth,
    diagnosisCodes:
      Array.isArray(diagnoses) && diagnoses.every((d) => typeof d === 'string')
        ? diagnoses
        : row.diagnosisCodes,
  };
}

type SignatureRow = PrintedSignature & { noteId: number; addendumId: number | null };

const pinnedNotes = (notes: PrintJobClientItems['notes']) =>
  sql`(select * from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb)
        as p("noteId" int, version int))`;

async function noteRows(db: Db, notes: PrintJobClientItems['notes']): Promise<NoteRow[]> {
  return rowsOf<NoteRow>(
    db,
    sql`select n.id as "noteId", n.kind, ${isoOf(sql`n.session_at`)} as "sessionAt",
          n.duration_minutes as "durationMinutes", n.cpt_code as "cptCode",
          n.place_of_service as "placeOfService", n.telehealth, n.diagnoses as "diagnosisCodes",
          btrim(t.first_name || ' ' || t.last_name) as "therapistName",
          t.credentials as "therapistCredentials", nt.name as "templateName",
          nt.definition as template, v.version, v.content, v.content_hash as "contentHash",
          v.header as "signedHeader",
          ${isoOf(sql`v.locked_at`)} as "lockedAt"
        from ${pinnedNotes(notes)} p
        join chart_notes n on n.id = p."noteId"
        join chart_note_versions v on v.note_id = n.id and v.version = p.version
        join therapists t on t.id = n.therapist_id
        join note_templates nt on nt.id = n.template_id
        order by n.session_at, n.id`,
  );
}

/** Signatures of the notes' printed versions and of their addenda, in the order they were made. */
function signatureRows(db: Db, noteIds: number[]): Promise<SignatureRow[]> {
  return rowsOf<SignatureRow>(
    db,
    sql`select s.note_id as "noteId", s.addendum_id as "addendumId", s.signer_name as "signerName",
          s.role, ${isoOf(sql`s.signed_at`)} as "signedAt", s.version,
          s.content_hash as "contentHash"
        from chart_signatures s where s.note_id = any(${idArray(noteIds)})
        order by s.signed_at, s.id`,
  );
}

/** Locked addenda, locked before the print was asked for (`asOf`), oldest first. */
function addendumRows(
  db: Db,
  noteIds: number[],
  asOf: Date,
): Promise<(Omit<PrintedAddendum, 'signatures'> & { noteId: number })[]> {
  return rowsOf(
    db,
    sql`select a.id, a.note_id as "noteId", a.text,
          btrim(t.first_name || ' ' || t.last_name) as "therapistName",
          ${isoOf(sql`a.locked_at`)} as "lockedAt"
        from chart_addenda a join therapists t on t.id = a.therapist_id
        where a.note_id = any(${idArray(noteIds)}) and a.status = 'locked'
          and a.locked_at <= ${asOf.toISOString()}::timestamptz
        order by a.locked_at, a.id`,
  );
}

/** ICD-10 descriptions by code, for the codes given. */
export async function diagnosisNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await rowsOf<{ code: string; description: string }>(
    db,
    sql`select code, description from icd10_codes where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.code, r.description]));
}

const bare = ({ signerName, role, signedAt, version, contentHash }: SignatureRow) => ({
  signerName,
  role,
  signedAt,
  version,
  contentHash,
});

/** The pinned notes, ready to print. */
export async function printedNotes(
  db: Db,
  notes: PrintJobClientItems['notes'],
  asOf: Date,
): Promise<PrintedNote[]> {
  if (notes.length === 0) return [];
  const rows = (await noteRows(db, notes)).map((row) => ({ ...row, ...printedHeader(row) }));
  const ids = rows.map((r) => r.noteId);
  const [signatures, addenda, names] = [
    await signatureRows(db, ids),
    await addendumRows(db, ids, asOf),
    await diagnosisNames(db, [...new Set(rows.flatMap((r) => r.diagnosisCodes))]),
  ];
  return rows.map(({ diagnosisCodes, signedHeader: _signed, ...row }) => ({
    ...row,
    diagnoses: diagnosisCodes.map((code) => ({ code, description: names.get(code) ?? null })),
    signatures: signatures
      .filter((s) => s.noteId === row.noteId && s.addendumId === null && s.version === row.version)
      .map(bare),
    addenda: addenda
      .filter((a) => a.noteId === row.noteId)
      .map(({ noteId: _noteId, ...addendum }) => ({
        ...addendum,
        signatures: signatures.filter((s) => s.addendumId === addendum.id).map(bare),
      })),
  }));
}

export type PrintedAppointment = {
  startAt: string;
  endAt: string;
  allDay: boolean;
  therapistName: string;
  service: string | null;
  serviceCode: string | null;
  location: string | null;
  isTelehealth: boolean;
  groupSession: boolean;
  isGroupOwnSession: boolean;
  attended: boolean | null;
  noShow: boolean;
  cancelledAt: string | null;
};

/** The pinned appointments, earliest first (one since deleted is left out). */
export function printedAppointments(
  db: Db,
  appointments: PrintJobClientItems['appointments'],
): Promise<PrintedAppointment[]> {
  if (appointments.length === 0) return Promise.resolve([]);
  return rowsOf<PrintedAppointment>(
    db,
    sql`select ${isoOf(sql`e.start_at`)} as "startAt", ${isoOf(sql`e.end_at`)} as "endAt",
          e.all_day as "allDay", btrim(t.first_name || ' ' || t.last_name) as "therapistName",
          pr.description as service, pr.cpt_code as "serviceCode",
          (select l.name from locations l where l.id = e.location_id) as location,
          e.is_telehealth as "isTelehealth", e.group_client_id is not null as "groupSession",
          p."attendeeId" is null as "isGroupOwnSession",
          a.attended, coalesce(a.no_show, false) as "noShow",
          case when e.cancelled_at is null then null else ${isoOf(sql`e.cancelled_at`)} end
            as "cancelledAt"
        from jsonb_to_recordset(${JSON.stringify(appointments)}::jsonb)
          as p("eventId" int, "attendeeId" int)
        join calendar_events e on e.id = p."eventId"
        join therapists t on t.id = e.therapist_id
        left join calendar_event_attendees a on a.id = p."attendeeId"
        left join lateral (select x.description, x.cpt_code from products x
          where x.id = coalesce(a.product_id, (select f.product_id from calendar_event_attendees f
                                               where f.event_id = e.id order by f.id limit 1))
          limit 1) pr on true
        order by e.start_at, e.id`,
  );
}
