import type * as contract from '@openpractice/contracts/charting/session-notes';
import { chartStatusConstant, fullName, type NoteStatus } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { sessionOf, suggestedTemplate } from './open-note.ts';
import { CHARTING_MESSAGES } from './refusals.ts';

type SessionNotes = z.output<(typeof contract.getSessionNotes.schema.response)[200]>['data'];

/**
 * The notes of an attendee's session for their client, billing note first, and the template
 * a new one would start with (issue 17 item 1: the picker shown before a note exists).
 */
export async function sessionNotes(
  db: Db,
  practiceId: number,
  attendeeId: number,
): Promise<SessionNotes> {
  const session = await sessionOf(db, practiceId, attendeeId);
  if (!session) throw notFound(CHARTING_MESSAGES.noteNotFound);
  const [client] = await rowsOf<{ firstName: string; lastName: string; nickName: string | null }>(
    db,
    sql`select first_name as "firstName", last_name as "lastName", nick_name as "nickName"
        from clients where id = ${session.clientId}`,
  );
  const notes = await rowsOf<{
    noteId: number;
    isBillingNote: boolean;
    status: NoteStatus;
    templateName: string;
    templateVersion: number;
    createdAt: Date;
  }>(
    db,
    sql`select n.id as "noteId", n.is_billing_note as "isBillingNote", n.status,
               t.name as "templateName", t.version as "templateVersion", n.created_at as "createdAt"
        from chart_notes n join note_templates t on t.id = n.template_id
        where n.event_id = ${session.eventId} and n.client_id = ${session.clientId}
          and n.kind = 'progress' and n.practice_id = ${practiceId}
        order by n.is_billing_note desc, n.id`,
  );
  return {
    patientId: session.clientId,
    clientName: client ? fullName(client) : '',
    sessionAt: session.startAt,
    notes: notes.map((n) => ({ ...n, statusConstant: chartStatusConstant(n.status) })),
    suggestedTemplateKey: await suggestedTemplate(db, practiceId, session),
  };
}
