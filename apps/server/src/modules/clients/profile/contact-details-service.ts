import { email, max, phone, regex, required, zipShort } from '@openpractice/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.ts';
import {
  clientAddresses,
  clientContacts,
  clientEmails,
  clientPhones,
} from '../../../db/schema/index.ts';
import { notFound } from '../../../platform/errors.ts';
import { check, cleanText, requireText, sameValue } from '../../../platform/validation.ts';

/**
 * Phones, emails, addresses and contacts of a client: insert when no id is
 * given, else update (skipped when nothing changed); delete. A client with
 * any phone, email or address always has exactly one default (and one
 * mailing address): choosing a new default clears the others, and removing
 * or un-choosing the default passes it to the oldest remaining entry.
 */

type FlagTable = { table: PgTable; id: PgColumn; clientId: PgColumn; flag: string };

const PHONE_DEFAULT: FlagTable = {
  table: clientPhones,
  id: clientPhones.id,
  clientId: clientPhones.clientId,
  flag: 'is_default',
};
const EMAIL_DEFAULT: FlagTable = {
  table: clientEmails,
  id: clientEmails.id,
  clientId: clientEmails.clientId,
  flag: 'is_default',
};
const ADDRESS_DEFAULT: FlagTable = {
  table: clientAddresses,
  id: clientAddresses.id,
  clientId: clientAddresses.clientId,
  flag: 'is_default',
};
const ADDRESS_MAILING: FlagTable = { ...ADDRESS_DEFAULT, flag: 'is_mailing' };

/** Makes `chosenId` the only flagged row of the client. */
async function chooseFlag(tx: Tx, t: FlagTable, clientId: number, chosenId: number) {
  await tx.execute(
    sql`update ${t.table} set ${sql.identifier(t.flag)} = (${t.id} = ${chosenId}) where ${t.clientId} = ${clientId}`,
  );
}

/**
 * When no row of the client is flagged, flags the oldest one, preferring any
 * row other than `avoidId` (the one just un-chosen).
 */
async function keepOneFlagged(tx: Tx, t: FlagTable, clientId: number, avoidId: number | null) {
  const flag = sql.identifier(t.flag);
  // Ids start at 1, so 0 avoids nothing.
  const avoid: SQL = sql`${t.id} = ${avoidId ?? 0}`;
  await tx.execute(
    sql`update ${t.table} set ${flag} = true
        where ${t.id} = (select ${t.id} from ${t.table} where ${t.clientId} = ${clientId} order by ${avoid}, ${t.id} limit 1)
          and not exists (select 1 from ${t.table} where ${t.clientId} = ${clientId} and ${flag})`,
  );
}

/** Applies a requested flag after an insert or update of row `id`. */
async function settleFlag(
  tx: Tx,
  t: FlagTable,
  clientId: number,
  id: number,
  wanted: boolean | undefined,
) {
  if (wanted === true) await chooseFlag(tx, t, clientId, id);
  await keepOneFlagged(tx, t, clientId, wanted === false ? id : null);
}

export type SaveResult =
  { status: 'unchanged' } | { status: 'saved'; id: number; fields: string[] };

/** Inserts or updates a row of a client-owned table, comparing with the stored row first. */
async function saveRow<T extends Record<string, unknown>>(
  db: Db,
  opts: {
    clientId: number;
    id: number | undefined;
    values: T;
    load: (id: number) => Promise<(T & Record<string, unknown>) | undefined>;
    insert: (tx: Tx) => Promise<number>;
    update: (tx: Tx, id: number) => Promise<void>;
    /** Flags to settle (default, mailing) with the requested value. */
    flags: [FlagTable, boolean | undefined][];
    flagState: (row: Record<string, unknown>) => boolean[];
    missing: string;
  },
): Promise<SaveResult> {
  if (opts.id === undefined) {
    const id = await db.transaction(async (tx) => {
      const newId = await opts.insert(tx);
      for (const [t, wanted] of opts.flags) await settleFlag(tx, t, opts.clientId, newId, wanted);
      return newId;
    });
    return { status: 'saved', id, fields: Object.keys(opts.values) };
  }
  const id = opts.id;
  const before = await opts.load(id);
  if (!before) throw notFound(opts.missing);
  const fields = Object.keys(opts.values).filter((k) => !sameValue(before[k], opts.values[k]));
  const flagsNow = opts.flagState(before);
  const flagChanges = opts.flags.filter(
    ([, wanted], i) => wanted !== undefined && wanted !== flagsNow[i],
  );
  if (fields.length === 0 && flagChanges.length === 0) return { status: 'unchanged' };
  await db.transaction(async (tx) => {
    if (fields.length > 0) await opts.update(tx, id);
    for (const [t, wanted] of opts.flags) await settleFlag(tx, t, opts.clientId, id, wanted);
  });
  return { status: 'saved', id, fields: [...fields, ...flagChanges.map(([t]) => flagName(t))] };
}

const flagName = (t: FlagTable) => (t.flag === 'is_mailing' ? 'isMailing' : 'isDefault');

/** Stored as the 10 national digits, whatever punctuation was typed. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

// --- Phones ------------------------------------------------------------------------

export async function savePhone(
  db: Db,
  clientId: number,
  input: { phoneId?: number; contact: string; label?: string | null; isDefault?: boolean },
) {
  check('contact', input.contact, required, phone);
  const values = { number: phoneDigits(input.contact), label: cleanText(input.label) ?? null };
  return saveRow(db, {
    clientId,
    id: input.phoneId,
    values,
    load: async (id) =>
      (
        await db
          .select({
            number: clientPhones.number,
            label: clientPhones.label,
            isDefault: clientPhones.isDefault,
          })
          .from(clientPhones)
          .where(and(eq(clientPhones.id, id), eq(clientPhones.clientId, clientId)))
      )[0],
    insert: async (tx) => {
      const [row] = await tx
        .insert(clientPhones)
        .values({ clientId, ...values })
        .returning({ id: clientPhones.id });
      return row?.id ?? 0;
    },
    update: async (tx, id) => {
      await tx.update(clientPhones).set(values).where(eq(clientPhones.id, id));
    },
    flags: [[PHONE_DEFAULT, input.isDefault]],
    flagState: (row) => [row.isDefault === true],
    missing: 'We could not find that phone number.',
  });
}

// --- Emails ------------------------------------------------------------------------

export async function saveEmail(
  db: Db,
  clientId: number,
  input: { emailId?: number; contact: string; isDefault?: boolean },
) {
  const address = input.contact.trim();
  check('contact', address, required, email);
  const values = { email: address };
  return saveRow(db, {
    clientId,
    id: input.emailId,
    values,
    load: async (id) =>
      (
        await db
          .select({ email: clientEmails.email, isDefault: clientEmails.isDefault })
          .from(clientEmails)
          .where(and(eq(clientEmails.id, id), eq(clientEmails.clientId, clientId)))
      )[0],
    insert: async (tx) => {
      const [row] = await tx
        .insert(clientEmails)
        .values({ clientId, ...values })
        .returning({ id: clientEmails.id });
      return row?.id ?? 0;
    },
    update: async (tx, id) => {
      await tx.update(clientEmails).set(values).where(eq(clientEmails.id, id));
    },
    flags: [[EMAIL_DEFAULT, input.isDefault]],
    flagState: (row) => [row.isDefault === true],
    missing: 'We could not find that email address.',
  });
}

// --- Addresses ---------------------------------------------------------------------

export const STATE_MESSAGE = 'Please enter a two-letter state code, e.g. ME.';
const stateCode = regex(/^[A-Za-z]{2}$/, STATE_MESSAGE);

export async function saveAddress(
  db: Db,
  clientId: number,
  input: {
    addressId?: number;
    addressLine1: string;
    addressLine2?: string | null;
    city: string;
    state: string;
    zipcode: string;
    isDefault?: boolean;
    isMailing?: boolean;
  },
) {
  const state = input.state.trim().toUpperCase();
  check('state', state, required, stateCode);
  const zip = input.zipcode.trim();
  check('zipcode', zip, required, zipShort);
  const values = {
    addressLine1: requireText(input.addressLine1, 'addressLine1'),
    addressLine2: cleanText(input.addressLine2) ?? null,
    city: requireText(input.city, 'city'),
    state,
    zipcode: zip.replace(/\D/g, ''),
  };
  return saveRow(db, {
    clientId,
    id: input.addressId,
    values,
    load: async (id) =>
      (
        await db
          .select({
            addressLine1: clientAddresses.addressLine1,
            addressLine2: clientAddresses.addressLine2,
            city: clientAddresses.city,
            state: clientAddresses.state,
            zipcode: clientAddresses.zipcode,
            isDefault: clientAddresses.isDefault,
            isMailing: clientAddresses.isMailing,
          })
          .from(clientAddresses)
          .where(and(eq(clientAddresses.id, id), eq(clientAddresses.clientId, clientId)))
      )[0],
    insert: async (tx) => {
      const [row] = await tx
        .insert(clientAddresses)
        .values({ clientId, ...values })
        .returning({ id: clientAddresses.id });
      return row?.id ?? 0;
    },
    update: async (tx, id) => {
      await tx.update(clientAddresses).set(values).where(eq(clientAddresses.id, id));
    },
    flags: [
      [ADDRESS_DEFAULT, input.isDefault],
      [ADDRESS_MAILING, input.isMailing],
    ],
    flagState: (row) => [row.isDefault === true, row.isMailing === true],
    missing: 'We could not find that address.',
  });
}

// --- Contacts ----------------------------------------------------------------------

export async function saveContact(
  db: Db,
  clientId: number,
  input: {
    contactId?: number;
    firstName: string;
    lastName: string;
    relationship?: string | null;
    phone?: string | null;
    email?: string | null;
    isEmergencyContact?: boolean;
  },
) {
  const contactPhone = cleanText(input.phone) ?? null;
  const contactEmail = cleanText(input.email) ?? null;
  check('phone', contactPhone, phone);
  check('email', contactEmail, email, max(254));
  const values = {
    firstName: requireText(input.firstName, 'firstName'),
    lastName: requireText(input.lastName, 'lastName'),
    relationship: cleanText(input.relationship) ?? null,
    phone: contactPhone === null ? null : phoneDigits(contactPhone),
    email: contactEmail,
    ...(input.isEmergencyContact === undefined
      ? {}
      : { isEmergencyContact: input.isEmergencyContact }),
  };
  return saveRow(db, {
    clientId,
    id: input.contactId,
    values,
    load: async (id) =>
      (
        await db
          .select({
            firstName: clientContacts.firstName,
            lastName: clientContacts.lastName,
            relationship: clientContacts.relationship,
            phone: clientContacts.phone,
            email: clientContacts.email,
            isEmergencyContact: clientContacts.isEmergencyContact,
          })
          .from(clientContacts)
          .where(and(eq(clientContacts.id, id), eq(clientContacts.clientId, clientId)))
      )[0],
    insert: async (tx) => {
      const [row] = await tx
        .insert(clientContacts)
        .values({ clientId, ...values })
        .returning({ id: clientContacts.id });
      return row?.id ?? 0;
    },
    update: async (tx, id) => {
      await tx.update(clientContacts).set(values).where(eq(clientContacts.id, id));
    },
    flags: [],
    flagState: () => [],
    missing: 'We could not find that contact.',
  });
}

// --- Deletes -----------------------------------------------------------------------

type DeleteKind = 'phone' | 'email' | 'address' | 'contact';

const DELETE_TABLES: Record<DeleteKind, { t: FlagTable; flags: FlagTable[]; missing: string }> = {
  phone: {
    t: PHONE_DEFAULT,
    flags: [PHONE_DEFAULT],
    missing: 'We could not find that phone number.',
  },
  email: {
    t: EMAIL_DEFAULT,
    flags: [EMAIL_DEFAULT],
    missing: 'We could not find that email address.',
  },
  address: {
    t: ADDRESS_DEFAULT,
    flags: [ADDRESS_DEFAULT, ADDRESS_MAILING],
    missing: 'We could not find that address.',
  },
  contact: {
    t: {
      table: clientContacts,
      id: clientContacts.id,
      clientId: clientContacts.clientId,
      flag: '',
    },
    flags: [],
    missing: 'We could not find that contact.',
  },
};

/** Deletes one entry of the client; a removed default (or mailing address) passes to the next. */
export async function deleteDetail(db: Db, kind: DeleteKind, clientId: number, id: number) {
  const { t, flags, missing } = DELETE_TABLES[kind];
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(t.table)
      .where(and(eq(t.id, id), eq(t.clientId, clientId)))
      .returning({ id: t.id });
    if (deleted.length === 0) throw notFound(missing);
    for (const flag of flags) await keepOneFlagged(tx, flag, clientId, null);
  });
}
