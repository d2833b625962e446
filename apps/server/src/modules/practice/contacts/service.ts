import {
  contactKindHasNpi,
  email,
  fax,
  max,
  npiMessage,
  phone,
  regex,
  zipShort,
  type PracticeContactKind,
} from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { practiceContacts } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { check, cleanText, requireText } from '../../../platform/validation.ts';
import { loadContactDetail } from './queries.ts';

export type ContactInput = {
  kind: PracticeContactKind;
  name: string;
  organization?: string | null;
  phone?: string | null;
  phone2?: string | null;
  fax?: string | null;
  email?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  npi?: string | null;
  notes?: string | null;
  active: boolean;
};

const stateCode = regex(/^[A-Za-z]{2}$/, 'Enter the two-letter state code, e.g. ME.');
const digits = (text: string | null) => (text === null ? null : text.replace(/\D/g, ''));

/** The stored values of a contact, every field checked by the domain's rules (400 naming it). */
export function contactValues(input: ContactInput) {
  const text = (value: string | null | undefined) => cleanText(value) ?? null;
  const values = {
    kind: input.kind,
    name: requireText(input.name, 'name'),
    organization: text(input.organization),
    phone: text(input.phone),
    phone2: text(input.phone2),
    fax: text(input.fax),
    email: text(input.email),
    addressLine1: text(input.addressLine1),
    addressLine2: text(input.addressLine2),
    city: text(input.city),
    state: text(input.state)?.toUpperCase() ?? null,
    zipcode: text(input.zipcode),
    npi: text(input.npi),
    notes: cleanText(input.notes) ?? null,
    active: input.active,
  };
  check('name', values.name, max(120));
  check('phone', values.phone, phone);
  check('phone2', values.phone2, phone);
  check('fax', values.fax, fax);
  check('email', values.email, email, max(254));
  check('state', values.state, stateCode);
  check('zipcode', values.zipcode, zipShort);
  if (values.npi !== null && !contactKindHasNpi(values.kind)) {
    throw badRequest('Only clinicians and referral sources have an NPI.', 'npi');
  }
  const npiResult = npiMessage(values.npi);
  if (npiResult !== true) throw badRequest(npiResult, 'npi');
  return {
    ...values,
    phone: digits(values.phone),
    phone2: digits(values.phone2),
    fax: digits(values.fax),
    zipcode: values.zipcode === null ? null : values.zipcode.replace(/\D/g, ''),
  };
}

/** Adds a contact to the practice; answers its whole record. */
export async function createContact(db: Db, practiceId: number, input: ContactInput, now: Date) {
  const [row] = await db
    .insert(practiceContacts)
    .values({ ...contactValues(input), practiceId, updatedAt: now })
    .returning({ id: practiceContacts.id });
  if (!row) throw new Error('The contact was not stored.');
  const detail = await loadContactDetail(db, practiceId, row.id);
  if (!detail) throw new Error('The stored contact was not found.');
  return detail;
}

/** Changes a contact of the practice (404 for another practice's); answers the fields that changed. */
export async function updateContact(
  db: Db,
  practiceId: number,
  contactId: number,
  input: ContactInput,
  now: Date,
) {
  const before = await loadContactDetail(db, practiceId, contactId);
  if (!before) throw notFound('That contact was not found.');
  const values = contactValues(input);
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
    (key) => values[key] !== before[key],
  );
  if (changed.length > 0) {
    await db
      .update(practiceContacts)
      .set({ ...values, updatedAt: now })
      .where(and(eq(practiceContacts.id, contactId), eq(practiceContacts.practiceId, practiceId)));
  }
  const after = await loadContactDetail(db, practiceId, contactId);
  if (!after) throw notFound('That contact was not found.');
  return { contact: after, changed };
}
