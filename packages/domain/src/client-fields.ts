import {
  clientAccess,
  type ClientRelation,
  type ClientSearchContext,
  type PatientAccess,
} from './client-access.ts';
import type { ClientSearchRow } from './client-search.ts';
import { hasRole } from './roles.ts';

/**
 * Which parts of a client's record a caller may see: the one rule behind the
 * profile, the client search and its CSV export, and the duplicate check, so
 * a field refused on the profile is refused everywhere else too.
 *
 * - Who the client is (name, client number, therapists, statuses, groups, the
 *   alert, the time zone): anyone who may open the record.
 * - Date of birth, phone and email: demographic access, or scheduling access
 *   (the front desk reaches clients and checks them in by name and date of
 *   birth).
 * - Insurance (payers, numbers, payment type): demographic or billing access,
 *   as on the Insurance tab.
 * - Everything else personal (addresses, contacts and the responsible party,
 *   demographics, clinical, referral source, portal, memo, photo ID):
 *   demographic access.
 * - Deletion counts: record administration. The reason for appointment: the
 *   client's own therapist.
 */
export const CLIENT_FIELDS = [
  'name',
  'clientNumber',
  'therapists',
  'status',
  'groups',
  'alert',
  'timezone',
  'dob',
  'phone',
  'email',
  'insurance',
  'address',
  'contacts',
  'demographics',
  'clinical',
  'referralSource',
  'portal',
  'memo',
  'photoId',
  'deletion',
  'reasonForAppointment',
] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];

/** The caller, as far as one client is concerned. */
export type FieldCaller = {
  authorities: readonly string[];
  access: PatientAccess;
  /** The caller is one of this client's therapists. */
  isTherapistOfClient: boolean;
};

/**
 * `record`: reading the client (profile, search, export). `duplicateWarning`:
 * warning that a new client may already exist; a client outside the caller's
 * access is then named (name and client number) and nothing more, so that
 * nobody creates a second record of a client they cannot see.
 */
export type FieldPurpose = 'record' | 'duplicateWarning';

const DUPLICATE_WARNING_FIELDS: readonly ClientField[] = ['name', 'clientNumber'];

function allows(field: ClientField, caller: FieldCaller): boolean {
  const a = caller.access;
  if (!a.canView) return false;
  switch (field) {
    case 'name':
    case 'clientNumber':
    case 'therapists':
    case 'status':
    case 'groups':
    case 'alert':
    case 'timezone':
      return true;
    case 'dob':
    case 'phone':
    case 'email':
      return a.hasDemographicAccess || a.hasSchedulingAccess;
    case 'insurance':
      return a.hasDemographicAccess || a.hasBillingAccess;
    case 'address':
    case 'contacts':
    case 'demographics':
    case 'clinical':
    case 'referralSource':
    case 'portal':
    case 'memo':
    case 'photoId':
      return a.hasDemographicAccess;
    case 'deletion':
      return a.hasRecordAdministration;
    case 'reasonForAppointment':
      return hasRole(caller.authorities, 'therapist') && caller.isTherapistOfClient;
  }
}

/** The fields of one client this caller may see. */
export function visibleClientFields(
  caller: FieldCaller,
  purpose: FieldPurpose = 'record',
): ReadonlySet<ClientField> {
  if (purpose === 'duplicateWarning' && !caller.access.canView) {
    return new Set(DUPLICATE_WARNING_FIELDS);
  }
  return new Set(CLIENT_FIELDS.filter((field) => allows(field, caller)));
}

/** The same rule from the caller's authorities and relation to the client. */
export function clientFieldsFor(
  authorities: readonly string[],
  relation: ClientRelation,
  purpose: FieldPurpose = 'record',
): ReadonlySet<ClientField> {
  return visibleClientFields(
    {
      authorities,
      access: clientAccess(authorities, relation),
      isTherapistOfClient: relation.isTherapist,
    },
    purpose,
  );
}

const NO_RELATION: ClientRelation = { isTherapist: false, isSupervisor: false, isCustodian: false };

/** What every client a search context returns is to the caller, at the least. */
export function relationOfContext(context: ClientSearchContext): ClientRelation {
  switch (context) {
    case 'all':
      return NO_RELATION;
    case 'my':
      return { ...NO_RELATION, isTherapist: true };
    case 'supervisees':
      return { ...NO_RELATION, isSupervisor: true };
    case 'custodian':
      return { ...NO_RELATION, isCustodian: true };
  }
}

/**
 * The fields a caller may search and sort by in a context: those they may see
 * of every client it returns. Filtering by a payer or sorting by date of birth
 * would otherwise tell what the rows leave out.
 */
export function searchableFields(
  authorities: readonly string[],
  context: ClientSearchContext,
): ReadonlySet<ClientField> {
  return clientFieldsFor(authorities, relationOfContext(context));
}

/** The search row's keys that carry a field beyond who the client is. */
export const CLIENT_SEARCH_ROW_FIELDS = {
  dateOfBirth: 'dob',
  email: 'email',
  phone: 'phone',
  practice_insurance_id: 'insurance',
  practice_insurance_name: 'insurance',
  user_insurance_insurancenumber: 'insurance',
  secondary_practice_insurance_id: 'insurance',
  secondary_practice_insurance_name: 'insurance',
  payment_type: 'insurance',
  responsible_party_first_name: 'contacts',
  responsible_party_last_name: 'contacts',
} as const satisfies Partial<Record<keyof ClientSearchRow, ClientField>>;

/** A search row without the keys the caller may not see (left out, not blanked). */
export function searchRowFor(
  row: ClientSearchRow,
  fields: ReadonlySet<ClientField>,
): ClientSearchRow {
  const hidden = new Set(
    Object.entries(CLIENT_SEARCH_ROW_FIELDS)
      .filter(([, field]) => !fields.has(field))
      .map(([key]) => key),
  );
  if (hidden.size === 0) return row;
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !hidden.has(key)),
  ) as unknown as ClientSearchRow;
}
