import type { Db } from '../db/client.ts';
import { serviceLocations } from '../db/schema/index.ts';

/**
 * The places of service (on claims) every new practice starts with: the
 * office at its main location, telehealth, and telehealth in the client's
 * home. Written directly: no set-up page manages places of service yet, and
 * both ways of starting a practice (the demo seed and `npm run create-owner`)
 * share this one list.
 */
export async function addStandardPlacesOfService(
  db: Db,
  practiceId: number,
  officeLocationId: number | null,
): Promise<void> {
  await db.insert(serviceLocations).values([
    { practiceId, locationId: officeLocationId, name: 'Office', placeOfServiceCode: '11' },
    { practiceId, name: 'Telehealth', placeOfServiceCode: '02' },
    { practiceId, name: 'Telehealth in the client’s home', placeOfServiceCode: '10' },
  ]);
}
