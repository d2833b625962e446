/**
 * Query keys of the client profile. Everything about one client sits under
 * `['client', id]`, so a change that touches several parts (e.g. the memo and
 * the reason for appointment) can refresh them together.
 */
export const clientKeys = {
  all: (patientId: number) => ['client', patientId] as const,
  profile: (patientId: number) => ['client', patientId, 'profile'] as const,
  therapists: (patientId: number) => ['client', patientId, 'therapists'] as const,
  appointments: (patientId: number) => ['client', patientId, 'appointments'] as const,
  clinical: (patientId: number) => ['client', patientId, 'clinical'] as const,
  statuses: (patientId: number) => ['client', patientId, 'statuses'] as const,
  groups: (patientId: number) => ['client', patientId, 'groups'] as const,
  memo: (patientId: number) => ['client', patientId, 'memo'] as const,
  alert: (patientId: number) => ['client', patientId, 'alert'] as const,
  reason: (patientId: number) => ['client', patientId, 'reason'] as const,
  portalStatus: (patientId: number) => ['client', patientId, 'portal', 'status'] as const,
  credentials: (patientId: number) => ['client', patientId, 'portal', 'credentials'] as const,
  loginHistory: (patientId: number, offset: number, limit: number) =>
    ['client', patientId, 'portal', 'loginHistory', offset, limit] as const,
  outboundEmails: (patientId: number) => ['client', patientId, 'portal', 'emails'] as const,
  twoFactor: (patientId: number) => ['client', patientId, 'twoFactor'] as const,
  legacyLinks: (patientId: number) => ['client', patientId, 'legacyLinks'] as const,
  referral: (patientId: number) => ['client', patientId, 'referral'] as const,
  referralFaxTemplate: (patientId: number) =>
    ['client', patientId, 'referral', 'faxTemplate'] as const,
  referralFaxes: (patientId: number) => ['client', patientId, 'referral', 'faxes'] as const,
  pendingForms: (patientId: number) => ['client', patientId, 'forms', 'pending'] as const,
};

/** Lists of the practice the profile picks from. */
export const practiceListKeys = {
  demographicSettings: ['practice', 'demographicSettings'] as const,
  contacts: ['practice', 'contacts'] as const,
  groups: ['practice', 'groups'] as const,
  photoIdAnalysisStatus: ['practice', 'photoIdAnalysisStatus'] as const,
};
