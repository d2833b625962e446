import {
  isLocationClosedOn,
  locationClosedMessage,
  weeklyHoursAtClosingLocation,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The availability editor at a closing location (issue 16 item 2): extra hours on or after
 * its closing day are refused, and so are new or changed weekly hours there at all (they
 * repeat past the closing day); hours already there stay and are listed on the close page.
 */
export async function refuseClosedLocation(
  db: Db,
  input: { practiceId: number; locationId: number; field: string; onDay: string | undefined },
): Promise<void> {
  const [closing] = await rowsOf<{ name: string; closesOn: string }>(
    db,
    sql`select name, closes_on::text as "closesOn" from locations
        where id = ${input.locationId} and practice_id = ${input.practiceId}
          and closes_on is not null`,
  );
  if (!closing) return;
  if (input.onDay === undefined)
    throw badRequest(weeklyHoursAtClosingLocation(closing), input.field);
  if (isLocationClosedOn(closing, input.onDay))
    throw badRequest(locationClosedMessage(closing), input.field);
}
