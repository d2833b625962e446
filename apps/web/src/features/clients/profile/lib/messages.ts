/**
 * The client profile's snackbar texts (spec-2 §8, Client profile). Errors are
 * shown in the error colour for 5 s unless said otherwise; the three
 * reason-for-appointment texts are not shown in the spec and are ours.
 */
export const MESSAGES = {
  loadProfile: 'Unable to load client personal and contact information.',
  loadTherapists: "Unable to load the client's list of therapists.",
  loadAppointments: "We couldn't load appointments. Please reload to try again.",
  savePersonal: 'Unable to save personal information.',
  saveDemographics: 'Unable to save demographics.',
  loadClinical: 'Unable to load client clinical information.',
  saveClinical: 'Unable to save clinical information.',
  saveReferral: 'Unable to save referral source.',
  deleteReferral: 'Unable to delete referral source.',
  sendFax: 'Unable to send fax.',
  loadStatuses: 'Unable to load client statuses.',
  saveStatus: 'Unable to save status.',
  loadMemo: 'Unable to load client memo.',
  saveMemo: 'Unable to save memo.',
  loadAlert: 'Unable to load client alert.',
  saveAlert: 'Unable to save alert.',
  loadGroups: 'Unable to load client group memberships.',
  addToGroup: 'Unable to add to group.',
  removeFromGroup: 'Unable to remove from group.',
  /** The practice's groups to choose from (Try Again, 5 s). */
  loadPracticeGroups: 'Unable to load client groups.',
  loadPortalInfo: 'Unable to load client portal info.',
  loadLoginHistory: 'Unable to load login history.',
  loadPortalStatus: 'Unable to load client portal status.',
  sendInvitation: 'Unable to send portal invitation.',
  enablePortal: 'Unable to enable portal access.',
  disablePortal: 'Unable to disable portal access.',
  resetPassword: 'Unable to send password reset email.',
  disableTwoFactor: 'Unable to disable two-factor authentication.',
  unlockAccount: 'Unable to unlock account.',
  faceSheet: 'Unable to download client face sheet.',
  saveTimezone: 'Unable to save client time zone.',
  savePhotoId: 'Unable to save photo ID.',
  deletePhotoId: 'Unable to delete photo ID.',
  // Photo ID analysis and forms (not in the spec; ours).
  readPhotoId: 'Unable to read the photo ID.',
  applyPhotoId: 'Unable to update the profile from the photo ID.',
  photoIdMatches: 'The photo ID matches the profile: nothing to update.',
  loadForms: "Unable to load the client's forms.",
  assignForms: 'Unable to assign automatic forms.',
  noFormsToAssign: 'The client already has every automatic form.',
  loadReason: 'Unable to load the reason for appointment.',
  saveReasonToMemo: 'Unable to save the reason to the memo.',
  removeReason: 'Unable to remove the reason for appointment.',
  // Success (spec-2 §8) and our own 'nothing changed'.
  invitationSent: 'Portal invitation sent.',
  passwordResetSent: 'Password reset email sent.',
  accountUnlocked: 'Account unlocked.',
  savedToMemo: 'Saved to client memo.',
  profileUpdated: 'Profile updated.',
  faxSent: 'Fax sent.',
  faxLogged: 'Fax saved (no fax service configured).',
  noChanges: 'No changes to save.',
  // Shown in the page, not as a snackbar.
  noAccess: 'You do not have access to this client.',
} as const;

export type ContactDetailKind = 'phone' | 'email' | 'address' | 'contact';

/** 'Unable to add phone.', 'Unable to save email.', 'Unable to delete contact.' … */
export function contactDetailMessage(
  action: 'add' | 'save' | 'delete',
  kind: ContactDetailKind,
): string {
  return `Unable to ${action} ${kind}.`;
}

export const TRY_AGAIN = 'Try Again';
