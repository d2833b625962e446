import { formatClientNumber } from '@openpractice/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  clientAddresses,
  clientContacts,
  clientDiagnoses,
  clientEmails,
  clientGroupMembers,
  clientPhones,
  clients,
  clientTherapists,
  icd10Codes,
  therapists,
  userAuthorities,
  users,
} from '../../../db/schema/index.ts';
import { notFound } from '../../../platform/errors.ts';
import { CLIENT_NOT_FOUND } from '../../../platform/client-gate.ts';

/**
 * Reads of the parts of a client's record. Every function takes a client id
 * that `gateClient` has already checked against the caller's practice, and
 * selects named columns only.
 */

export const basicColumns = {
  firstName: clients.firstName,
  nickName: clients.nickName,
  middleName: clients.middleName,
  lastName: clients.lastName,
  gender: clients.gender,
  claimGender: clients.claimGender,
  dob: clients.dob,
  maritalStatus: clients.maritalStatus,
  employer: clients.employer,
  employmentType: clients.employmentType,
};

export type BasicDetails = {
  firstName: string;
  nickName: string | null;
  middleName: string | null;
  lastName: string;
  gender: string | null;
  claimGender: string | null;
  dob: string | null;
  maritalStatus: string | null;
  employer: string | null;
  employmentType: string | null;
};

/** The client row the profile and the header need. */
export async function loadClientRow(db: Db, clientId: number) {
  const [row] = await db
    .select({
      ...basicColumns,
      accountNumber: clients.accountNumber,
      isGroup: clients.isGroup,
      timezone: clients.timezone,
      memo: clients.memo,
      alert: clients.alert,
      reasonForAppointment: clients.reasonForAppointment,
      referralContactId: clients.referralContactId,
      demographics: clients.demographics,
      illnessOnsetDate: clients.illnessOnsetDate,
      accidentInformation: clients.accidentInformation,
      photoIdKey: clients.photoIdKey,
      portalStatus: clients.portalStatus,
      portalUserId: clients.portalUserId,
      twoFactorType: clients.twoFactorType,
      twoFactorContact: clients.twoFactorContact,
      twoFactorVerifiedAt: clients.twoFactorVerifiedAt,
      recordStatusId: clients.recordStatusId,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}
export type ClientRow = Awaited<ReturnType<typeof loadClientRow>>;

export function basicDetailsOf(row: ClientRow) {
  const details: BasicDetails & { userNumber: string } = {
    firstName: row.firstName,
    nickName: row.nickName,
    middleName: row.middleName,
    lastName: row.lastName,
    gender: row.gender,
    claimGender: row.claimGender,
    dob: row.dob,
    maritalStatus: row.maritalStatus,
    employer: row.employer,
    employmentType: row.employmentType,
    userNumber: formatClientNumber(row.accountNumber),
  };
  return details;
}

export async function loadPhones(db: Db, clientId: number) {
  return db
    .select({
      phoneId: clientPhones.id,
      contact: clientPhones.number,
      label: clientPhones.label,
      isDefault: clientPhones.isDefault,
    })
    .from(clientPhones)
    .where(eq(clientPhones.clientId, clientId))
    .orderBy(desc(clientPhones.isDefault), asc(clientPhones.id));
}

export async function loadEmails(db: Db, clientId: number) {
  return db
    .select({
      emailId: clientEmails.id,
      contact: clientEmails.email,
      isDefault: clientEmails.isDefault,
    })
    .from(clientEmails)
    .where(eq(clientEmails.clientId, clientId))
    .orderBy(desc(clientEmails.isDefault), asc(clientEmails.id));
}

const addressColumns = {
  addressId: clientAddresses.id,
  addressLine1: clientAddresses.addressLine1,
  addressLine2: clientAddresses.addressLine2,
  city: clientAddresses.city,
  state: clientAddresses.state,
  zipcode: clientAddresses.zipcode,
  isDefault: clientAddresses.isDefault,
  isMailing: clientAddresses.isMailing,
};

/** Default and mailing addresses (one row may be both), and the others. */
export async function loadAddresses(db: Db, clientId: number) {
  const rows = await db
    .select(addressColumns)
    .from(clientAddresses)
    .where(eq(clientAddresses.clientId, clientId))
    .orderBy(asc(clientAddresses.id));
  return {
    defaultAddress: rows.find((r) => r.isDefault) ?? null,
    mailingAddress: rows.find((r) => r.isMailing) ?? null,
    otherAddresses: rows.filter((r) => !r.isDefault && !r.isMailing),
  };
}

export async function loadContacts(db: Db, clientId: number) {
  const rows = await db
    .select({
      contactId: clientContacts.id,
      firstName: clientContacts.firstName,
      lastName: clientContacts.lastName,
      relationship: clientContacts.relationship,
      phone: clientContacts.phone,
      email: clientContacts.email,
      isEmergencyContact: clientContacts.isEmergencyContact,
    })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(desc(clientContacts.isEmergencyContact), asc(clientContacts.id));
  return rows.map((r) => ({ ...r, type: 'patient_contact' as const }));
}

/** The client's therapists with the client's status for each, primary first. */
export async function loadTherapistStatuses(db: Db, clientId: number) {
  return db
    .select({
      therapistId: clientTherapists.therapistId,
      status: clientTherapists.status,
      isPrimary: clientTherapists.isPrimary,
      userId: therapists.userId,
      firstName: therapists.firstName,
      lastName: therapists.lastName,
      credentials: therapists.credentials,
      active: therapists.active,
    })
    .from(clientTherapists)
    .innerJoin(therapists, eq(therapists.id, clientTherapists.therapistId))
    .where(eq(clientTherapists.clientId, clientId))
    .orderBy(desc(clientTherapists.isPrimary), asc(therapists.lastName), asc(therapists.firstName));
}
export type TherapistStatus = Awaited<ReturnType<typeof loadTherapistStatuses>>[number];

export const therapistName = (t: {
  firstName: string;
  lastName: string;
  credentials: string | null;
}) => `${t.firstName} ${t.lastName}${t.credentials ? `, ${t.credentials}` : ''}`;

/** Diagnoses in their claim order, with the ICD-10 description. */
export async function loadDiagnoses(db: Db, clientId: number) {
  return db
    .select({ code: clientDiagnoses.code, description: icd10Codes.description })
    .from(clientDiagnoses)
    .innerJoin(icd10Codes, eq(icd10Codes.code, clientDiagnoses.code))
    .where(eq(clientDiagnoses.clientId, clientId))
    .orderBy(asc(clientDiagnoses.position));
}

export function clinicalOf(
  row: Pick<ClientRow, 'illnessOnsetDate' | 'accidentInformation'>,
  diagnoses: { code: string; description: string }[],
) {
  return {
    diagnosisCode: diagnoses.map((d) => d.code),
    diagnoses,
    illnessOnsetDate: row.illnessOnsetDate,
    accidentInformation: row.accidentInformation ?? null,
  };
}

// The practice's contacts and demographic settings are the practice module's (its index.ts).
export {
  demographicsOf,
  listPracticeContacts,
  loadDemographicSettings,
  loadPracticeContact,
  type DemographicSettings,
} from '../../practice/index.ts';

/** Portal sign-in facts shown on the profile; the portal module owns the actions. */
export async function loadPortalStatus(db: Db, row: ClientRow) {
  const [user] = row.portalUserId
    ? await db
        .select({
          username: users.username,
          failedLoginCount: users.failedLoginCount,
          loginLockExpiration: users.loginLockExpiration,
        })
        .from(users)
        .where(eq(users.id, row.portalUserId))
    : [];
  return {
    status: row.portalStatus,
    username: user?.username ?? null,
    failedLoginCount: user?.failedLoginCount ?? 0,
    loginLockExpiration: user?.loginLockExpiration?.toISOString() ?? null,
  };
}

/** Two-factor status of spec-2 §3, from the client's two-factor columns. */
export function twoFactorStatusOf(
  row: Pick<ClientRow, 'twoFactorType' | 'twoFactorVerifiedAt' | 'twoFactorContact'>,
) {
  const isTwoFactorSetup = row.twoFactorType !== null;
  return {
    isTwoFactorSetup,
    isTwoFactorVerified: row.twoFactorVerifiedAt !== null,
    contact: row.twoFactorContact,
    type: row.twoFactorType,
    verifyDate: row.twoFactorVerifiedAt?.toISOString() ?? null,
    canBeDisabled: isTwoFactorSetup,
  };
}

/** Staff the client may message from the portal: their active therapists, and the practice's billers and schedulers. */
export async function loadAllowedToMessage(
  db: Db,
  practiceId: number,
  statuses: readonly TherapistStatus[],
) {
  const staff = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      authority: userAuthorities.authority,
    })
    .from(users)
    .innerJoin(userAuthorities, eq(userAuthorities.userId, users.id))
    .where(
      and(
        eq(users.practiceId, practiceId),
        eq(users.active, true),
        inArray(userAuthorities.authority, ['customer.biller', 'customer.scheduler']),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  const person = (p: { userId: number; firstName: string; lastName: string }) => ({
    userId: p.userId,
    name: `${p.firstName} ${p.lastName}`,
  });
  return {
    therapists: statuses
      .filter((t) => t.active && t.status !== 'INACTIVE')
      .map((t) => ({ userId: t.userId, therapistId: t.therapistId, name: therapistName(t) })),
    billers: staff.filter((s) => s.authority === 'customer.biller').map(person),
    schedulers: staff.filter((s) => s.authority === 'customer.scheduler').map(person),
  };
}

/**
 * What would stop a permanent deletion. Group memberships are real; charts,
 * events, attachments, signed documents, signed forms and invoices belong to
 * areas that do not exist yet, so nothing can be counted there and they are 0.
 */
export async function loadDeletableCounts(db: Db, clientId: number) {
  const [memberships] = await db
    .select({ n: count() })
    .from(clientGroupMembers)
    .where(eq(clientGroupMembers.clientId, clientId));
  const counts = {
    charts: 0,
    events: 0,
    attachments: 0,
    signedDocuments: 0,
    signedForms: 0,
    groupMemberships: memberships?.n ?? 0,
    invoices: 0,
  };
  return { ...counts, isDeletable: Object.values(counts).every((n) => n === 0) };
}

/** Active group memberships of a client, and past ones, newest first. */
export async function loadGroupMemberships(db: Db, clientId: number) {
  return db
    .select({
      groupId: clientGroupMembers.groupClientId,
      name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      joinedOn: clientGroupMembers.joinedOn,
      leftOn: clientGroupMembers.leftOn,
    })
    .from(clientGroupMembers)
    .innerJoin(clients, eq(clients.id, clientGroupMembers.groupClientId))
    .where(eq(clientGroupMembers.clientId, clientId))
    .orderBy(sql`${clientGroupMembers.leftOn} is not null`, desc(clientGroupMembers.joinedOn));
}
