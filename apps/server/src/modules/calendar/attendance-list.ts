import type { listUnrecordedAttendance } from '@openpractice/contracts/calendar/attendance';
import {
  attendanceDueSince,
  calendarReach,
  clientAccess,
  fullName,
  hasRole,
} from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../platform/access.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { badRequest } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import {
  countUnrecorded,
  unrecordedPage,
  type DueWindow,
  type UnrecordedRow,
} from './attendance-list-queries.ts';
import { visibleTherapists } from './calendars-queries.ts';
import { therapistOfPractice } from './queries.ts';

type Query = z.output<typeof listUnrecordedAttendance.schema.querystring>;
type Answer = z.output<(typeof listUnrecordedAttendance.schema.response)[200]>;

export const NOT_A_THERAPIST_HERE = 'Choose a therapist of this practice.';

/**
 * Whose sessions a list or count shows when nobody chose: a therapist's own
 * (their to-do), else every therapist's the caller may see.
 */
const defaultTherapist = (scope: { only: number | null }, ownTherapistId: number | null) =>
  scope.only ?? ownTherapistId;

/**
 * The caller's user id when they may record attendance only for the clients
 * they treat (the client gate's scheduling access), else null.
 */
function treatingUser(auth: NonNullable<FastifyRequest['auth']>): number | null {
  const stranger = { isTherapist: false, isSupervisor: false, isCustodian: false };
  return clientAccess(auth.user.authorities, stranger).hasSchedulingAccess ? null : auth.user.id;
}

/** The therapist asked for, checked: their own for a therapist-only user, one of the practice's for others. */
async function chosenTherapist(
  db: Db,
  request: FastifyRequest,
  scope: { practiceId: number; only: number | null },
  asked: Query['therapistId'],
): Promise<number | null> {
  if (asked === undefined) return defaultTherapist(scope, authOf(request).therapistId);
  if (asked === 'all') return scope.only;
  assertMayUse(scope, [asked]);
  if (!(await therapistOfPractice(db, scope.practiceId, asked))) {
    throw badRequest(NOT_A_THERAPIST_HERE, 'therapistId');
  }
  return asked;
}

const toRow = ({ firstName, nickName, lastName, clientIds: _ids, ...row }: UnrecordedRow) => ({
  ...row,
  clientName: fullName({ firstName, nickName, lastName }),
});

/**
 * A page of past sessions without recorded attendance (issue 15 item 2), the
 * most recent first, with the therapists the caller may choose between. A
 * therapist sees the sessions of clients they treat: the others are not theirs
 * to record (the client gate would refuse), so they would never leave the list.
 * `clientIds` (not sent) names every client of the page, for the audit row.
 */
export async function listUnrecorded(
  db: Db,
  request: FastifyRequest,
  query: Query,
  now: Date,
): Promise<{ answer: Answer; clientIds: number[] }> {
  const scope = allowedTherapists(request);
  const therapistId = await chosenTherapist(db, request, scope, query.therapistId);
  const timezone = await practiceTimezone(db, scope.practiceId);
  const since = attendanceDueSince(now, timezone);
  const window: DueWindow = {
    practiceId: scope.practiceId,
    therapistId,
    since,
    timezone,
    now,
    treatingUserId: treatingUser(authOf(request)),
  };
  const [rows, total, therapists] = await Promise.all([
    unrecordedPage(db, window, query),
    countUnrecorded(db, window),
    visibleTherapists(db, {
      practiceId: scope.practiceId,
      currentUserId: authOf(request).user.id,
      only: scope.only,
    }),
  ]);
  return {
    answer: {
      data: rows.map(toRow),
      total,
      limit: query.limit,
      offset: query.offset,
      therapistId,
      therapists: therapists.map((t) => ({
        id: t.id,
        name: `${t.practitionerFirstName} ${t.practitionerLastName}`.trim(),
      })),
      since,
      timezone,
    },
    clientIds: rows.flatMap((row) => row.clientIds),
  };
}

/**
 * The menu's count beside "Attendance to record": what the list shows when
 * first opened. None for whoever may not record attendance.
 */
export async function unrecordedAttendanceCount(
  db: Db,
  auth: NonNullable<FastifyRequest['auth']>,
  now: Date,
): Promise<number> {
  const { practiceId } = auth;
  const { authorities } = auth.user;
  if (practiceId === null || !hasRole(authorities, 'scheduling')) return 0;
  const reach = calendarReach(authorities);
  if (reach === 'none' || (reach === 'own' && auth.therapistId === null)) return 0;
  const therapistId = defaultTherapist(
    { only: reach === 'own' ? auth.therapistId : null },
    auth.therapistId,
  );
  const timezone = await practiceTimezone(db, practiceId);
  const since = attendanceDueSince(now, timezone);
  return countUnrecorded(db, {
    practiceId,
    therapistId,
    since,
    timezone,
    now,
    treatingUserId: treatingUser(auth),
  });
}
