import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { availabilityCollisions } from '@openpractice/contracts/availability/collisions';

import { apiPaths } from '../../../config/paths';
import { api, ApiError } from '../../../lib/api-client';

/** A change about to be saved: a day off, new hours for a weekly day, or removing one. */
export type ProposedChange = BodyOf<typeof availabilityCollisions>;
/** The booked appointments it would leave outside the hours (the first 100, and how many in all). */
export type Collisions = ResponseOf<typeof availabilityCollisions>['data'];
export type CollidingAppointment = Collisions['appointments'][number];

/** A save the server refused because booked appointments fall outside the new hours (issue 15 item 7). */
export function isCollisionRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.field === 'confirmCollisions';
}

/** Which appointments collide, for the warning (a read: nothing changes). */
export async function fetchCollisions(change: ProposedChange): Promise<Collisions> {
  return (
    await api.post<ResponseOf<typeof availabilityCollisions>>(
      apiPaths.availability.collisions,
      change,
    )
  ).data;
}
