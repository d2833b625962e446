import type { PracticeContactState } from '@openpractice/domain';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { clients, practiceContacts } from '../../../db/schema/index.ts';

/** A contact as lists, pickers and the client's referral source show it. */
export const contactColumns = {
  contactId: practiceContacts.id,
  name: practiceContacts.name,
  organization: practiceContacts.organization,
  phone: practiceContacts.phone,
  fax: practiceContacts.fax,
  email: practiceContacts.email,
  active: practiceContacts.active,
  kind: practiceContacts.kind,
};

const detailColumns = {
  ...contactColumns,
  phone2: practiceContacts.phone2,
  addressLine1: practiceContacts.addressLine1,
  addressLine2: practiceContacts.addressLine2,
  city: practiceContacts.city,
  state: practiceContacts.state,
  zipcode: practiceContacts.zipcode,
  npi: practiceContacts.npi,
  notes: practiceContacts.notes,
};

/** One of the practice's contacts, or null when it is not this practice's. */
export async function loadPracticeContact(db: Db, practiceId: number, contactId: number) {
  const [row] = await db
    .select(contactColumns)
    .from(practiceContacts)
    .where(and(eq(practiceContacts.id, contactId), eq(practiceContacts.practiceId, practiceId)));
  return row ?? null;
}

/** The practice's contacts in name order; by state when asked (active, inactive or all). */
export async function listPracticeContacts(
  db: Db,
  practiceId: number,
  state: PracticeContactState = 'all',
) {
  const where: SQL[] = [eq(practiceContacts.practiceId, practiceId)];
  if (state !== 'all') where.push(eq(practiceContacts.active, state === 'active'));
  return db
    .select(contactColumns)
    .from(practiceContacts)
    .where(and(...where))
    .orderBy(asc(practiceContacts.name), asc(practiceContacts.id));
}

/** A contact's whole record with how many clients it referred, or null outside the practice. */
export async function loadContactDetail(db: Db, practiceId: number, contactId: number) {
  const [row] = await db
    .select(detailColumns)
    .from(practiceContacts)
    .where(and(eq(practiceContacts.id, contactId), eq(practiceContacts.practiceId, practiceId)));
  if (!row) return null;
  const [referred] = await db
    .select({ n: count() })
    .from(clients)
    .where(and(eq(clients.practiceId, practiceId), eq(clients.referralContactId, contactId)));
  return { ...row, referredClients: referred?.n ?? 0 };
}
