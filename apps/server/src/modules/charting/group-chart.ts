import type * as contract from '@openpractice/contracts/charting/notes';
import {
  chartStatusConstant,
  fullName,
  groupChartStatus,
  hasRole,
  type NoteStatus,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import type { ChartActor } from './chart-actor.ts';
import type { NoteParties } from './note-actors.ts';
import type { NoteRow } from './note-queries.ts';

type GroupChart = z.output<typeof contract.groupChart>;

type Part = {
  noteId: number;
  kind: 'progress' | 'group';
  patientId: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  status: NoteStatus;
};

/**
 * The note's links the services do not need (kept out of NoteRow, which the draft save
 * reads every few seconds): its attendee, and the group note it is part of.
 */
export async function noteLinks(
  db: Db,
  noteId: number,
): Promise<{ attendeeId: number | null; groupNoteId: number | null }> {
  const [row] = await rowsOf<{ attendeeId: number | null; groupNoteId: number | null }>(
    db,
    sql`select attendee_id as "attendeeId",
               case when kind = 'group' then id else group_note_id end as "groupNoteId"
        from chart_notes where id = ${noteId}`,
  );
  return row ?? { attendeeId: null, groupNoteId: null };
}

/**
 * A group session's chart as seen from the group note or a member's part: the group's status
 * comes from its members' parts (domain groupChartStatus). Other members' names are shown to
 * the session's therapist, their supervisors and managers only; anyone else sees the status.
 */
export async function groupChartOf(
  db: Db,
  who: ChartActor,
  note: NoteRow,
  groupNoteId: number,
  parties: NoteParties,
): Promise<GroupChart> {
  const parts = await rowsOf<Part>(
    db,
    sql`select n.id as "noteId", n.kind, n.client_id as "patientId", c.first_name as "firstName",
               c.last_name as "lastName", c.nick_name as "nickName", n.status
        from chart_notes n join clients c on c.id = n.client_id
        where (n.id = ${groupNoteId} or n.group_note_id = ${groupNoteId})
          and n.practice_id = ${note.practiceId}
        order by n.kind desc, c.last_name, c.first_name, n.id`,
  );
  const group = parts.find((p) => p.kind === 'group');
  const members = parts.filter((p) => p.kind === 'progress');
  const seesMembers =
    parties.actor.isAuthor ||
    parties.supervisors.some((s) => s.therapistId === parties.myTherapistId) ||
    hasRole(who.authorities, 'manager');
  return {
    groupNoteId,
    groupPatientId: group?.patientId ?? note.clientId,
    groupName: group ? fullName(group) : '',
    statusConstant: groupChartStatus(members.map((m) => m.status)),
    members: (seesMembers ? members : members.filter((m) => m.noteId === note.id)).map((m) => ({
      noteId: m.noteId,
      patientId: m.patientId,
      clientName: fullName(m),
      status: m.status,
      statusConstant: chartStatusConstant(m.status),
    })),
  };
}
