import {
  ageInYears,
  formatClientNumber,
  fullName,
  isClientInactiveForAll,
  legalName,
  visibleClientFields,
  type ClientField,
} from '@openpractice/domain';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import {
  basicDetailsOf,
  clinicalOf,
  demographicsOf,
  loadAddresses,
  loadAllowedToMessage,
  loadClientRow,
  loadContacts,
  loadDeletableCounts,
  loadDemographicSettings,
  loadDiagnoses,
  loadEmails,
  loadPhones,
  loadPortalStatus,
  loadPracticeContact,
  loadTherapistStatuses,
  therapistName,
  twoFactorStatusOf,
  type ClientRow,
} from './profile-queries.ts';

/** The include flags of spec-2 §7 getProfile that this server answers. */
export const PROFILE_INCLUDES = [
  'patientAccess',
  'demographics',
  'addresses',
  'phones',
  'emails',
  'contacts',
  'clientSettings',
  'status',
  'clinical',
  'referralSource',
  'eula',
  'portalStatus',
  'twoFactorStatus',
  'reasonForAppointment',
  'therapists',
  'allowedToMessage',
  'isPatientDeletable',
  'memo',
  'alert',
  'photoIdS3Url',
  'patientHardDelete',
] as const;
export type ProfileInclude = (typeof PROFILE_INCLUDES)[number];

/** Flags of later issues (cards, card processors, eligibility): accepted and not answered yet. */
export const LATER_INCLUDES = ['savedCards', 'cardProcessors', 'eligibilityHistory'] as const;

export const PHOTO_ID_CONTENT_TYPE = 'image/png';
export const PHOTO_ID_KIND = 'photo_id';

/** The fields of this client the caller may see: the domain's one rule (client-fields.ts). */
export function fieldsOf(authorities: readonly string[], gate: ClientGate) {
  return visibleClientFields({
    authorities,
    access: gate.access,
    isTherapistOfClient: gate.isCallerTherapistOfClient,
  });
}

/** The reason for appointment is for the client's own therapist only (spec-2 §4). */
export function maySeeReasonForAppointment(authorities: readonly string[], gate: ClientGate) {
  return fieldsOf(authorities, gate).has('reasonForAppointment');
}

/**
 * The client field each profile part shows; null for parts that are not the
 * client's data (the caller's own access flags, the licence agreement).
 */
const PART_FIELD: Record<ProfileInclude, ClientField | null> = {
  patientAccess: null,
  eula: null,
  clientSettings: 'timezone',
  status: 'status',
  therapists: 'therapists',
  allowedToMessage: 'therapists',
  alert: 'alert',
  phones: 'phone',
  emails: 'email',
  demographics: 'demographics',
  addresses: 'address',
  contacts: 'contacts',
  clinical: 'clinical',
  referralSource: 'referralSource',
  portalStatus: 'portal',
  twoFactorStatus: 'portal',
  memo: 'memo',
  photoIdS3Url: 'photoId',
  isPatientDeletable: 'deletion',
  patientHardDelete: 'deletion',
  reasonForAppointment: 'reasonForAppointment',
};

export function photoIdReadUrl(storage: Storage, gate: ClientGate, key: string | null, now: Date) {
  if (!key) return null;
  return storage.readUrl(
    {
      key,
      contentType: PHOTO_ID_CONTENT_TYPE,
      ctx: { kind: PHOTO_ID_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
    },
    now,
  );
}

type Context = { db: Db; storage: Storage; now: Date; authorities: readonly string[] };

/** Builds the profile with the parts asked for and allowed; what may not be seen is left out. */
export async function buildProfile(
  ctx: Context,
  gate: ClientGate,
  includes: ReadonlySet<string>,
): Promise<{ profile: Record<string, unknown>; answered: ProfileInclude[] }> {
  const { db } = ctx;
  const row = await loadClientRow(db, gate.clientId);
  const fields = fieldsOf(ctx.authorities, gate);
  const wanted = PROFILE_INCLUDES.filter((i) => {
    const field = PART_FIELD[i];
    return includes.has(i) && (field === null || fields.has(field));
  });
  const needsStatuses = wanted.some((i) =>
    ['status', 'therapists', 'allowedToMessage'].includes(i),
  );
  const statuses = needsStatuses ? await loadTherapistStatuses(db, gate.clientId) : [];

  const part = async (include: ProfileInclude): Promise<unknown> => {
    switch (include) {
      case 'patientAccess':
        return {
          hasDemographicAccess: gate.access.hasDemographicAccess,
          hasBillingAccess: gate.access.hasBillingAccess,
          hasPaymentAccess: gate.access.hasPaymentAccess,
          hasMessagingAccess: gate.access.hasMessagingAccess,
          hasSchedulingAccess: gate.access.hasSchedulingAccess,
          hasRecordAdministration: gate.access.hasRecordAdministration,
        };
      case 'demographics':
        return demographicsOf(row.demographics, await loadDemographicSettings(db, gate.practiceId));
      case 'addresses':
        return loadAddresses(db, gate.clientId);
      case 'phones':
        return loadPhones(db, gate.clientId);
      case 'emails':
        return loadEmails(db, gate.clientId);
      case 'contacts':
        return loadContacts(db, gate.clientId);
      case 'clientSettings':
        return { timezone: row.timezone };
      case 'status':
        return statusesOf(statuses);
      case 'clinical':
        return clinicalOf(row, await loadDiagnoses(db, gate.clientId));
      case 'referralSource':
        return row.referralContactId
          ? await loadPracticeContact(db, gate.practiceId, row.referralContactId)
          : null;
      case 'eula':
        // There is no end-user licence agreement store yet: nothing has been accepted.
        return null;
      case 'portalStatus':
        return loadPortalStatus(db, row);
      case 'twoFactorStatus':
        return twoFactorStatusOf(row);
      case 'reasonForAppointment':
        return row.reasonForAppointment;
      case 'therapists':
        return statuses.map(therapistOf);
      case 'allowedToMessage':
        return loadAllowedToMessage(db, gate.practiceId, statuses);
      case 'isPatientDeletable':
        return loadDeletableCounts(db, gate.clientId);
      case 'memo':
        return row.memo;
      case 'alert':
        return row.alert;
      case 'photoIdS3Url':
        return photoIdReadUrl(ctx.storage, gate, row.photoIdKey, ctx.now);
      case 'patientHardDelete':
        // Permanent deletion is queued by the deletion area, which does not exist yet.
        return { isEnqueued: false };
    }
  };

  const profile: Record<string, unknown> = {
    patientId: gate.clientId,
    isGroup: row.isGroup,
    basicDetails: { ...basicDetailsOf(row), dob: fields.has('dob') ? row.dob : null },
  };
  const values = await Promise.all(wanted.map(part));
  wanted.forEach((include, i) => {
    profile[include] = values[i];
  });
  return { profile, answered: wanted };
}

export function therapistOf(t: Awaited<ReturnType<typeof loadTherapistStatuses>>[number]) {
  return {
    therapistId: t.therapistId,
    userId: t.userId,
    name: therapistName(t),
    firstName: t.firstName,
    lastName: t.lastName,
    credentials: t.credentials,
    active: t.active,
    isPrimary: t.isPrimary,
    status: t.status,
  };
}

export function statusesOf(statuses: Awaited<ReturnType<typeof loadTherapistStatuses>>) {
  return {
    data: statuses.map((t) => ({
      therapistId: t.therapistId,
      therapistName: therapistName(t),
      status: t.status,
    })),
    isInactiveForAll: isClientInactiveForAll(statuses),
  };
}

/** The profile header: who this is, how to reach them, and the alert. */
export async function buildSummary(ctx: Context, gate: ClientGate) {
  const { db } = ctx;
  const row: ClientRow = await loadClientRow(db, gate.clientId);
  const statuses = await loadTherapistStatuses(db, gate.clientId);
  const fields = fieldsOf(ctx.authorities, gate);
  const [phones, emails] = await Promise.all([
    fields.has('phone') ? loadPhones(db, gate.clientId) : [],
    fields.has('email') ? loadEmails(db, gate.clientId) : [],
  ]);
  const dob = fields.has('dob') ? row.dob : null;
  return {
    patientId: gate.clientId,
    isGroup: row.isGroup,
    firstName: row.firstName,
    nickName: row.nickName,
    lastName: row.lastName,
    fullName: fullName(row),
    legalName: legalName(row),
    userNumber: formatClientNumber(row.accountNumber),
    dob,
    age: dob ? ageInYears(dob, ctx.now) : null,
    alert: row.alert,
    timezone: row.timezone,
    isInactiveForAll: isClientInactiveForAll(statuses),
    therapists: statuses.map(therapistOf),
    defaultPhone: phones.find((p) => p.isDefault)?.contact ?? null,
    defaultEmail: emails.find((e) => e.isDefault)?.contact ?? null,
  };
}
