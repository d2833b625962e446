import type * as contract from '@openpractice/contracts/charting/notes';
import {
  addendumStatusConstant,
  chartStatusConstant,
  fullName,
  groupChartStatus,
  nextNoteStatus,
  type NoteStatus,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { textArray } from '../../platform/sql.ts';
import type { ChartActor } from './chart-actor.ts';
import { groupChartOf, noteLinks } from './group-chart.ts';
import { partiesOf, type NoteParties } from './note-actors.ts';
import { templateById, therapistName, type NoteRow, type TemplateRow } from './note-queries.ts';

type NoteDetail = z.output<typeof contract.noteDetail>;
type Addendum = NoteDetail['addenda'][number];

async function headerNames(db: Db, note: NoteRow) {
  const [row] = await rowsOf<{
    firstName: string;
    lastName: string;
    nickName: string | null;
    diagnoses: { code: string; description: string }[] | null;
  }>(
    db,
    sql`select c.first_name as "firstName", c.last_name as "lastName", c.nick_name as "nickName",
          (select json_agg(json_build_object('code', d.code, 'description', coalesce(i.description, ''))
                           order by d.ord)
           from unnest(${textArray(note.diagnoses)}) with ordinality as d(code, ord)
           left join icd10_codes i on i.code = d.code) as diagnoses
        from clients c where c.id = ${note.clientId}`,
  );
  return {
    clientName: row ? fullName(row) : '',
    diagnoses: row?.diagnoses ?? [],
  };
}

async function signaturesAndHistory(db: Db, noteId: number) {
  const signatures = await rowsOf<NoteDetail['signatures'][number] & { addendumId: number | null }>(
    db,
    sql`select signer_name as "signerName", role, signed_at as "signedAt", version,
               content_hash as "contentHash", addendum_id as "addendumId"
        from chart_signatures where note_id = ${noteId} order by signed_at, id`,
  );
  const history = await rowsOf<NoteDetail['history'][number]>(
    db,
    sql`select at, user_name as "userName", action, version, addendum_id as "addendumId", comment
        from chart_history where note_id = ${noteId} order by at, id`,
  );
  return {
    signatures: signatures
      .filter((s) => s.addendumId === null)
      .map(({ addendumId: _addendum, ...s }) => s),
    history,
  };
}

async function addendaOf(db: Db, note: NoteRow, parties: NoteParties): Promise<Addendum[]> {
  const rows = await rowsOf<{
    addendumId: number;
    status: NoteStatus;
    text: string;
    therapistId: number;
    therapistName: string;
    createdAt: Date;
    lockedAt: Date | null;
  }>(
    db,
    sql`select d.id as "addendumId", d.status, d.text, d.therapist_id as "therapistId",
               btrim(t.first_name || ' ' || t.last_name) as "therapistName",
               d.created_at as "createdAt", d.locked_at as "lockedAt"
        from chart_addenda d join therapists t on t.id = d.therapist_id
        where d.note_id = ${note.id} order by d.id`,
  );
  return rows.map((d) => {
    const actor = { ...parties.actor, isAuthor: parties.myTherapistId === d.therapistId };
    return {
      addendumId: d.addendumId,
      status: d.status,
      statusConstant: addendumStatusConstant(d.status),
      text: d.text,
      therapistName: d.therapistName,
      createdAt: d.createdAt,
      lockedAt: d.lockedAt,
      canEdit: nextNoteStatus(d.status, 'save', actor).ok,
      canReview: nextNoteStatus(d.status, 'cosign', actor).ok,
    };
  });
}

/** The template as the wire carries it (its definition is already plain data). */
export function templateAnswer(template: TemplateRow): NoteDetail['template'] {
  const { key, version, name, cptCode, sections } = template.definition;
  return {
    templateId: template.id,
    key,
    version,
    name,
    cptCode,
    sections: sections.map((s) => ({
      ...s,
      fields: s.fields.map((f) => ({ ...f, options: 'options' in f ? [...f.options] : undefined })),
    })),
  };
}

/** A group note's status comes from its members' parts (domain groupChartStatus). */
async function statusConstantOf(db: Db, note: NoteRow): Promise<string | null> {
  if (note.kind !== 'group') return chartStatusConstant(note.status);
  const members = await rowsOf<{ status: NoteStatus }>(
    db,
    sql`select status from chart_notes where group_note_id = ${note.id}`,
  );
  return groupChartStatus(members.map((m) => m.status));
}

/** The whole note as the editor shows it, with what the caller may do now. */
export async function noteDetail(
  db: Db,
  who: ChartActor,
  note: NoteRow,
  now: Date,
): Promise<NoteDetail> {
  const parties = await partiesOf(db, who, note, now);
  const links = await noteLinks(db, note.id);
  const [names, template, therapist, trail, addenda, statusConstant, group] = [
    await headerNames(db, note),
    await templateById(db, note.templateId),
    await therapistName(db, note.therapistId),
    await signaturesAndHistory(db, note.id),
    await addendaOf(db, note, parties),
    await statusConstantOf(db, note),
    links.groupNoteId === null
      ? null
      : await groupChartOf(db, who, note, links.groupNoteId, parties),
  ];
  if (!template) throw new Error(`Note ${note.id} has no template ${note.templateId}.`);
  const reviewer = parties.supervisors.find((s) => s.therapistId === note.reviewerTherapistId);
  const openAddendum = addenda.some((a) => a.status !== 'locked');
  const { actor } = parties;
  return {
    noteId: note.id,
    patientId: note.clientId,
    clientName: names.clientName,
    eventId: note.eventId,
    attendeeId: links.attendeeId,
    therapistId: note.therapistId,
    therapistName: therapist,
    kind: note.kind,
    isBillingNote: note.isBillingNote,
    group,
    status: note.status,
    statusConstant,
    version: note.version,
    sessionAt: note.sessionAt,
    durationMinutes: note.durationMinutes,
    cptCode: note.cptCode,
    placeOfService: note.placeOfService,
    telehealth: note.telehealth,
    diagnoses: names.diagnoses,
    reviewerName: reviewer?.name ?? null,
    template: templateAnswer(template),
    content: note.content,
    updatedAt: note.updatedAt,
    lockedAt: note.lockedAt,
    ...trail,
    addenda,
    actions: {
      canEdit: nextNoteStatus(note.status, 'save', actor).ok,
      canSign: nextNoteStatus(note.status, 'sign', actor).ok,
      signSendsForReview: actor.authorNeedsCosign,
      canReview: nextNoteStatus(note.status, 'cosign', actor).ok,
      canUnlock: nextNoteStatus(note.status, 'unlock', actor).ok,
      canAddAddendum: note.status === 'locked' && actor.isAuthor && !openAddendum,
      reviewers: parties.supervisors.map(({ therapistId, name }) => ({ therapistId, name })),
    },
  };
}
