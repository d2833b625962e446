/** API calls of the app around the features: configuration, session and identity, navigation, support, impersonation, practice settings and lists. */

export const appApi = {
  config: '/api/config',
  referenceData: '/api/system/listReferenceDataTypes',
  navigation: '/api/dashboard/main/navigation',
  supportTickets: '/api/support/tickets',
  impersonationPractices: '/api/system/impersonation/practices',
  impersonationUsers: '/api/system/impersonation/users',
  impersonateUser: '/api/system/impersonateUser/default',
  stopImpersonating: '/api/system/impersonateUser/stop',
  practiceSettings: '/api/practice/listPracticeSettings',
  updatePracticeSettings: '/api/practice/settings',
  csrf: '/api/user/csrf',
  identity: '/api/user/identity',
  signIn: '/api/public/auth/doLogin',
  /** POST a username or email address: a reset link goes to each account it names. */
  forgotPassword: '/api/public/auth/forgotPassword',
  /** POST the current and a new password: the account's other sessions end. */
  changePassword: '/api/user/changePassword',
  signOut: '/api/logout',
  // Practice reference lists
  practiceTherapists: '/api/practice/listTherapists',
  practiceInsurance: '/api/practiceInsurance',
} as const;
