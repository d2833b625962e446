import {
  hasRole,
  mayUnlockNote,
  type NoteActor,
  type NoteUnlockPolicy,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { ChartActor } from './chart-actor.ts';
import { supervisorsOf } from './note-queries.ts';

export type Supervisor = Awaited<ReturnType<typeof supervisorsOf>>[number];

/** Who the caller is to a note, for the lifecycle and for the actions shown. */
export type NoteParties = {
  actor: NoteActor;
  supervisors: Supervisor[];
  /** The caller's therapist record, when they are a therapist. */
  myTherapistId: number | null;
};

export async function unlockPolicyOf(db: Db, practiceId: number): Promise<NoteUnlockPolicy> {
  const [row] = await rowsOf<{ policy: 'never' | 'within' | 'any'; hours: number }>(
    db,
    sql`select note_unlock_policy as policy, note_unlock_hours as hours
        from practice_settings where practice_id = ${practiceId}`,
  );
  if (!row || row.policy === 'never') return { kind: 'never' };
  return row.policy === 'any' ? { kind: 'any' } : { kind: 'within', hours: row.hours };
}

/**
 * The note's author is its therapist; a supervisor is any active supervisor of that
 * therapist, and once the note was sent, only the one it was sent to reviews it.
 */
export async function partiesOf(
  db: Db,
  who: ChartActor,
  owner: {
    therapistId: number;
    reviewerTherapistId: number | null;
    lockedAt: Date | null;
    practiceId: number;
    /** Already read with the note (saves a query on the hot path of saving drafts). */
    supervisors?: Supervisor[];
  },
  now: Date,
): Promise<NoteParties> {
  const myTherapistId = who.therapistId;
  const supervisors = owner.supervisors ?? (await supervisorsOf(db, owner.therapistId));
  const supervises = supervisors.some((s) => s.therapistId === myTherapistId);
  const isReviewer =
    supervises &&
    (owner.reviewerTherapistId === null || owner.reviewerTherapistId === myTherapistId);
  const isManager = hasRole(who.authorities, 'manager');
  const mayUnlock =
    owner.lockedAt !== null &&
    mayUnlockNote(await unlockPolicyOf(db, owner.practiceId), isManager, owner.lockedAt, now);
  return {
    myTherapistId,
    supervisors,
    actor: {
      isAuthor: myTherapistId !== null && myTherapistId === owner.therapistId,
      isSupervisor: isReviewer,
      authorNeedsCosign: supervisors.length > 0,
      mayUnlock,
    },
  };
}
