import type { AppointmentFacts } from '@openpractice/domain';
import type { Db } from '../../db/client.ts';

/** What the retention and intake rules need to know about clients' appointments. */
export type ClientAppointmentFacts = {
  /** The next appointment today or later. */
  upcoming: AppointmentFacts;
  /** The most recent appointment before today. */
  last: AppointmentFacts;
  /** The client's first appointment ever (past or future). */
  first: AppointmentFacts;
};

/**
 * Appointment facts for a page of clients of one practice. The one place the
 * client lists learn about appointments: replace the body, not the callers.
 */
export async function appointmentFactsFor(
  _db: Db,
  _practiceId: number,
  _clientIds: readonly number[],
): Promise<ClientAppointmentFacts> {
  // appointments do not exist yet: the calendar issue supplies next/last appointment here
  return { upcoming: new Map(), last: new Map(), first: new Map() };
}
