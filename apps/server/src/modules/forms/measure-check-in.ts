import { measureDue, type MeasureFrequency, type MeasureKey } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { ClientCheckIn } from '../../platform/client-check-ins.ts';
import { assignForms } from './assignment-service.ts';

/**
 * Measures sent on check-in (issue 18 item 6): each of the client's active schedules counts the
 * appointment once (a check-in taken back and given again is the same appointment) and, when
 * the schedule says it is due (domain `measureDue`), gives the practice's published form for
 * that measure, unless the client already has it open. Runs in the check-in's transaction and
 * answers the measures given, for the check-in's audit row. A practice without the measure's
 * form published gives nothing, and counts the appointment all the same.
 */
export async function giveScheduledMeasures(db: Db, checkIn: ClientCheckIn): Promise<string[]> {
  const schedules = await rowsOf<{
    id: number;
    measure: MeasureKey;
    frequency: MeasureFrequency;
    seen: number;
    given: number;
    definitionId: number | null;
  }>(
    db,
    sql`select s.id, s.measure, s.frequency, s.appointments_seen as seen, s.times_given as given,
          (select fd.id from form_definitions fd
             join form_definition_versions v on v.definition_id = fd.id and v.version = fd.current_version
            where fd.practice_id = s.practice_id and fd.active and v.measure = s.measure
            order by fd.id limit 1) as "definitionId"
        from measure_schedules s
        where s.practice_id = ${checkIn.practiceId} and s.client_id = ${checkIn.clientId}
          and s.active and s.last_attendee_id is distinct from ${checkIn.attendeeId}
        order by s.measure
        for update of s`,
  );
  const givenNow: string[] = [];
  for (const schedule of schedules) {
    let given = false;
    if (
      schedule.definitionId !== null &&
      measureDue(schedule.frequency, schedule.seen, schedule.given)
    ) {
      const result = await assignForms(db, {
        practiceId: checkIn.practiceId,
        clientId: checkIn.clientId,
        userId: checkIn.userId,
        formDefinitionIds: [schedule.definitionId],
        when: 'now',
        now: checkIn.now,
        source: 'schedule',
      });
      given = result.data.length > 0;
    }
    if (given) givenNow.push(schedule.measure);
    await db.execute(
      sql`update measure_schedules
          set appointments_seen = appointments_seen + 1,
              times_given = times_given + ${given ? 1 : 0},
              last_attendee_id = ${checkIn.attendeeId}
          where id = ${schedule.id}`,
    );
  }
  return givenNow;
}
