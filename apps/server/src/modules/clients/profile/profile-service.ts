import {
  ageInYears,
  formatClientNumber,
  fullName,
  isClientInactiveForAll,
  legalName,
  visibleClientFields,
  type ClientField,
} from '@openpractice/domain';
import type { clientProfile } from '@openpractice/contracts/clients/profile/profile';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { ClientGate } from '../../../platform/client-gate.ts';
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

type ClientProfile = z.output<typeof clientProfile>;
type PartLoaders = {
  [K in ProfileInclude]-?: () => Promise<NonNullable<ClientProfile[K]> | null> | ClientProfile[K];
};

/** How each part of the profile is read; the statuses are read once for the parts that share them. */
function partLoaders(ctx: Context, gate: ClientGate, row: ClientRow, wanted: ProfileInclude[]) {
  const { db } = ctx;
  const needsStatuses = wanted.some((i) =>
    ['status', 'therapists', 'allowedToMessage'].includes(i),
  );
  const statuses = needsStatuses ? loadTherapistStatuses(db, gate.clientId) : Promise.resolve([]);
  const loaders: PartLoaders = {
    patientAccess: () => ({
      hasDemographicAccess: gate.access.hasDemographicAccess,
      hasBillingAccess: gate.access.hasBillingAccess,
      hasPaymentAccess: gate.access.hasPaymentAccess,
      hasMessagingAccess: gate.access.hasMessagingAccess,
      hasSchedulingAccess: gate.access.hasSchedulingAccess,
      hasRecordAdministration: gate.access.hasRecordAdministration,
    }),
    demographics: async () =>
      demographicsOf(row.demographics, await loadDemographicSettings(db, gate.practiceId)),
    addresses: () => loadAddresses(db, gate.clientId),
    phones: () => loadPhones(db, gate.clientId),
    emails: () => loadEmails(db, gate.clientId),
    contacts: () => loadContacts(db, gate.clientId),
    clientSettings: () => ({ timezone: row.timezone }),
    status: async () => statusesOf(await statuses),
    clinical: async () => clinicalOf(row, await loadDiagnoses(db, gate.clientId)),
    referralSource: async () =>
      row.referralContactId
        ? await loadPracticeContact(db, gate.practiceId, row.referralContactId)
        : null,
    // There is no end-user licence agreement store yet: nothing has been accepted.
    eula: () => null,
    portalStatus: () => loadPortalStatus(db, row),
    twoFactorStatus: () => twoFactorStatusOf(row),
    reasonForAppointment: () => row.reasonForAppointment,
    therapists: async () => (await statuses).map(therapistOf),
    allowedToMessage: async () => loadAllowedToMessage(db, gate.practiceId, await statuses),
    isPatientDeletable: () => loadDeletableCounts(db, gate.clientId),
    memo: () => row.memo,
    alert: () => row.alert,
    photoIdS3Url: () => photoIdReadUrl(ctx.storage, gate, row.photoIdKey, ctx.now),
    // Permanent deletion is queued by the deletion area, which does not exist yet.
    patientHardDelete: () => ({ isEnqueued: false }),
  };
  return loaders;
}

/** Builds the profile with the parts asked for and allowed; what may not be seen is left out. */
export async function buildProfile(
  ctx: Context,
  gate: ClientGate,
  includes: ReadonlySet<string>,
): Promise<{ profile: ClientProfile; answered: ProfileInclude[] }> {
  const row = await loadClientRow(ctx.db, gate.clientId);
  const fields = fieldsOf(ctx.authorities, gate);
  const wanted = PROFILE_INCLUDES.filter((i) => {
    const field = PART_FIELD[i];
    return includes.has(i) && (field === null || fields.has(field));
  });
  const loaders = partLoaders(ctx, gate, row, wanted);
  const values = await Promise.all(wanted.map(async (include) => loaders[include]()));
  // Each value comes from its own part's loader, typed by that part above.
  const parts = Object.fromEntries(
    wanted.map((include, i) => [include, values[i]]),
  ) as Partial<ClientProfile>;
  const profile: ClientProfile = {
    patientId: gate.clientId,
    isGroup: row.isGroup,
    basicDetails: { ...basicDetailsOf(row), dob: fields.has('dob') ? row.dob : null },
    ...parts,
  };
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
