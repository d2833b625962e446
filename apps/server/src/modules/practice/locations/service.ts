import type * as contract from '@openpractice/contracts/practice/locations';
import {
  isHexColour,
  isLocationClosedOn,
  LOCATION_MESSAGES,
  PLACE_OF_SERVICE_CODES,
} from '@openpractice/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { practiceDay } from '../../../platform/practice-day.ts';
import { nameTaken, practiceLocations, type ManagedLocation } from './queries.ts';

/** The rules of the locations page (issue 16 item 2), shared by its routes and the demo seed. */

export type LocationInput = z.output<typeof contract.saveLocation.schema.body>;

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The body's fields as stored, or a 400 naming the first bad field. */
function checkedFields(body: LocationInput) {
  const name = body.name.trim();
  if (name === '') throw badRequest('Enter the location’s name.', 'name');
  if (!isHexColour(body.color)) throw badRequest(LOCATION_MESSAGES.colour, 'color');
  if (!PLACE_OF_SERVICE_CODES.some((p) => p.code === body.placeOfServiceCode))
    throw badRequest('Choose a place of service from the list.', 'placeOfServiceCode');
  const state = blankToNull(body.state)?.toUpperCase() ?? null;
  if (state !== null && !/^[A-Z]{2}$/.test(state))
    throw badRequest('Enter the state as two letters, e.g. ME.', 'state');
  const zipcode = blankToNull(body.zipcode)?.replace(/-/g, '') ?? null;
  if (zipcode !== null && !/^(\d{5}|\d{9})$/.test(zipcode))
    throw badRequest('Enter a ZIP code of 5 or 9 digits.', 'zipcode');
  const phone = blankToNull(body.phone)?.replace(/\D/g, '') ?? null;
  if (phone !== null && phone.length !== 10)
    throw badRequest('Enter a phone number of 10 digits.', 'phone');
  return {
    name,
    color: body.color.toUpperCase(),
    addressLine1: blankToNull(body.addressLine1),
    city: blankToNull(body.city),
    state,
    zipcode,
    phone,
    placeOfServiceCode: body.placeOfServiceCode,
    isDefault: body.isDefault,
  };
}

export async function today(db: Db, practiceId: number, now: Date): Promise<string> {
  return (await practiceDay(db, practiceId, now)).today;
}

export async function one(
  db: Db,
  practiceId: number,
  locationId: number,
  now: Date,
): Promise<ManagedLocation> {
  const all = await practiceLocations(db, practiceId, await today(db, practiceId, now));
  const found = all.find((l) => l.practiceLocationId === locationId);
  if (!found) throw notFound(LOCATION_MESSAGES.notFound);
  return found;
}

/** Only one location is marked default: marking one unmarks the others. */
function unmarkOthers(db: Db, practiceId: number, keepId: number) {
  return db
    .update(locations)
    .set({ isDefault: false })
    .where(
      and(
        eq(locations.practiceId, practiceId),
        ne(locations.id, keepId),
        eq(locations.isDefault, true),
      ),
    );
}

/**
 * Adds a location (no `practiceLocationId`) or changes one of the practice's,
 * after the page's checks: fields, a name no other location has, a default
 * that is open. Answers its id, the location before (null when added) and
 * the fields stored.
 */
export async function saveLocation(db: Db, practiceId: number, body: LocationInput, now: Date) {
  const fields = checkedFields(body);
  const editing = body.practiceLocationId ?? null;
  const before = editing === null ? null : await one(db, practiceId, editing, now);
  if (await nameTaken(db, { practiceId, name: fields.name, exceptId: editing }))
    throw new AppError(409, LOCATION_MESSAGES.nameTaken, 'name');
  if (
    fields.isDefault &&
    before !== null &&
    (!before.active || isLocationClosedOn(before, await today(db, practiceId, now)))
  )
    throw badRequest(LOCATION_MESSAGES.defaultMustBeOpen, 'isDefault');
  let id: number;
  if (editing === null) {
    const [row] = await db
      .insert(locations)
      .values({ ...fields, practiceId })
      .returning({ id: locations.id });
    if (!row) throw new Error('location insert failed');
    id = row.id;
  } else {
    await db
      .update(locations)
      .set(fields)
      .where(and(eq(locations.id, editing), eq(locations.practiceId, practiceId)));
    id = editing;
  }
  if (fields.isDefault) await unmarkOthers(db, practiceId, id);
  return { id, before, fields };
}
