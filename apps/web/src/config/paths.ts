/**
 * Every URL the web app uses, in one place: routes of the app (relative to the
 * router's basename) and the server's API endpoints. Nothing else in `src/`
 * writes a URL string literal.
 */

/**
 * Where the app is served from: Vite's `base` and the router's basename. The
 * trailing slash is deliberate: with it the router writes home as `/n/` (the
 * server's canonical address; it redirects `/n` there) rather than `/n`.
 */
export const APP_BASENAME = '/n/';

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

export type SignInReason = 'idle';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export const paths = {
  home: {
    path: '/',
    /** `toast`/`toastType`: a message to show once the page has loaded. */
    getHref: (toast?: { toast: string; toastType?: ToastType }) =>
      withQuery('/', { toast: toast?.toast, toastType: toast?.toastType }),
  },
  accessDenied: {
    path: '/accessdenied',
    getHref: () => '/accessdenied',
  },
  /** Returns to the route saved in sessionStorage (`?status=success|error&message=`). */
  exit: {
    path: '/exit',
    getHref: (options: { status?: 'success' | 'error'; message?: string } = {}) =>
      withQuery('/exit', { status: options.status, message: options.message }),
  },
  settings: {
    path: '/settings',
    getHref: () => '/settings',
  },
  messages: {
    path: '/messages',
    getHref: () => '/messages',
  },
  admin: {
    path: '/admin',
    impersonate: {
      path: '/admin/impersonate',
      getHref: () => '/admin/impersonate',
    },
  },
  /** Pages under /iframe/ are embedded in other pages: no navigation around them. */
  iframe: {
    path: '/iframe',
  },
  /**
   * A page that always throws, so the error page and 'Report the Issue' can be
   * seen (and tested) in a production build. Harmless: it shows nothing else.
   */
  debugCrash: {
    path: '/debug/crash',
    getHref: () => '/debug/crash',
  },
  auth: {
    signIn: {
      path: '/public/login',
      /** `next`: the in-app path to return to after signing in; `toast`: a message to show there. */
      getHref: (
        options: {
          next?: string | null;
          reason?: SignInReason;
          toast?: { toast: string; toastType?: ToastType };
        } = {},
      ) =>
        withQuery('/public/login', {
          next: options.next,
          reason: options.reason,
          toast: options.toast?.toast,
          toastType: options.toast?.toastType,
        }),
    },
  },
  /** Client pages (spec-2 §2). */
  client: {
    /** Client search, all clients (a therapist without practice-wide access gets their own). */
    allClients: { path: '/client/allClients', getHref: () => '/client/allClients' },
    myClients: { path: '/client/myClients', getHref: () => '/client/myClients' },
    /** Client search sorted by date added, newest first. */
    newClients: { path: '/client/newClients', getHref: () => '/client/newClients' },
    new: { path: '/client/new', getHref: () => '/client/new' },
    /** A client's record. */
    profile: {
      path: '/client/:id',
      /** `tab`: the profile tab to open (`?tab=`), e.g. 'portal'. */
      getHref: (id: number | string, tab?: string) =>
        withQuery(`/client/${encodeURIComponent(String(id))}`, { tab }),
    },
    /** The client's portal sign-in history. */
    loginHistory: {
      path: '/client/:id/loginHistory',
      getHref: (id: number | string) => `/client/${encodeURIComponent(String(id))}/loginHistory`,
    },
    /** Active clients with no upcoming appointment, to reach out to. */
    retention: { path: '/client/retention', getHref: () => '/client/retention' },
    /** New clients, with their first appointment when they have one. */
    intake: { path: '/client/intake', getHref: () => '/client/intake' },
    /** Merge the duplicate `id` into a record to keep. */
    merge: {
      path: '/client/merge/:id',
      getHref: (id: number | string) => `/client/merge/${encodeURIComponent(String(id))}`,
    },
    /** Eligibility checks of one client: Create Report, then Review Report. */
    eligibility: {
      path: '/client/eligibility/:id',
      getHref: (id: number | string) => `/client/eligibility/${encodeURIComponent(String(id))}`,
    },
  },
  /** A therapist's weekly availability, and finding an open slot across therapists. */
  availability: {
    path: '/availability',
    /** `therapistId`: whose availability to open (managers choose; therapists edit their own). */
    getHref: (therapistId?: number | string) =>
      withQuery('/availability', {
        therapistId: therapistId === undefined ? undefined : String(therapistId),
      }),
    findAppointment: {
      path: '/availability/findAppointment',
      getHref: () => '/availability/findAppointment',
    },
  },
  /** Online booking requests that wait for staff to confirm or decline them. */
  bookingRequests: { path: '/schedule/requests', getHref: () => '/schedule/requests' },
  /** A signed-in client books a slot with one of their practice's therapists. */
  selfSchedule: { path: '/selfSchedule', getHref: () => '/selfSchedule' },
  /** The public therapist directory and self-booking (no sign-in). */
  findYourTherapist: {
    path: '/public/findYourTherapist',
    getHref: () => '/public/findYourTherapist',
    search: {
      path: '/public/findYourTherapist/search',
      getHref: () => '/public/findYourTherapist/search',
    },
    therapist: {
      path: '/public/findYourTherapist/:therapistId',
      getHref: (therapistId: number | string) =>
        `/public/findYourTherapist/${encodeURIComponent(String(therapistId))}`,
    },
    /** One practice's own directory page, for its website. */
    practice: {
      path: '/customer/:id/findYourTherapist',
      getHref: (practiceId: number | string) =>
        `/customer/${encodeURIComponent(String(practiceId))}/findYourTherapist`,
    },
  },
  /** The practice's payers (practice insurance). */
  practiceInsurance: { path: '/practice/insurance', getHref: () => '/practice/insurance' },
  /** Insurance reports, each a sortable list linking to the client. */
  insuranceReports: {
    path: '/insurance/reports/:report',
    getHref: (
      report:
        | 'expiringPolicies'
        | 'expiringPrecerts'
        | 'unconfirmedPolicies'
        | 'unverifiedPolicies'
        | 'visitLimits',
    ) => `/insurance/reports/${report}`,
  },
  reporting: {
    /** Eligibility checks run in a period, with their results. */
    eligibilityCheck: {
      path: '/reporting/eligibilityCheck',
      getHref: () => '/reporting/eligibilityCheck',
    },
    /** Who accessed which client's record (docs/audit-api.md). */
    patientRecordAccess: {
      path: '/reporting/audit/patientRecordAccess',
      getHref: (patientId?: number) =>
        patientId === undefined
          ? '/reporting/audit/patientRecordAccess'
          : `/reporting/audit/patientRecordAccess?patientId=${patientId}`,
    },
    /** Outgoing email and the suppression list (docs/email-monitoring-api.md). */
    emailMonitoring: {
      path: '/reporting/audit/emailMonitoring',
      getHref: () => '/reporting/audit/emailMonitoring',
    },
  },
  /** The practice's shared calendar (spec-1 §2 Calendar screen). */
  schedule: {
    path: '/schedule',
    /** `new`: open the scheduling dialog for that request type on arrival (the New menu). */
    getHref: (options: { new?: 'appointment' | 'meeting' | 'outOfOffice' } = {}) =>
      withQuery('/schedule', { new: options.new }),
    /** The external agent's view of the therapists assigned to them. */
    externalAgent: { path: '/schedule/externalAgent', getHref: () => '/schedule/externalAgent' },
  },
  /** The telehealth lobby of an appointment. */
  telehealth: {
    path: '/telehealth/:id',
    getHref: (eventId: number | string) => `/telehealth/${encodeURIComponent(String(eventId))}`,
  },
  /** Public completion of the client portal's invitation and password reset links (emailed). */
  portal: {
    activate: {
      path: '/public/activate',
      getHref: (token: string) => withQuery('/public/activate', { token }),
    },
    resetPassword: {
      path: '/public/resetPassword',
      getHref: (token: string) => withQuery('/public/resetPassword', { token }),
    },
  },
} as const;

/** A full browser address (with the basename) of an in-app path, for a full page load. */
export function appHref(appPath: string): string {
  return `${APP_BASENAME.replace(/\/$/, '')}${appPath}`;
}

export const apiPaths = {
  /** Availability editor calls (spec-2 §7 Availability); see docs/availability-api.md. */
  availability: {
    editorContext: '/api/availability/editorContext',
    currentSpan: '/api/availability/span',
    spanning: '/api/availability/spanning',
    spanById: '/api/availability/getSpanById',
    addSpan: '/api/availability/addSpan',
    updateSpan: '/api/availability/updateSpan',
    removeSpan: '/api/availability/removeSpan',
    startOver: '/api/availability/startOver',
    createDay: '/api/availability/createDay',
    updateDay: '/api/availability/updateDay',
    deleteDay: '/api/availability/deleteDay',
    updateEmptySpanWithDays: '/api/availability/updateEmptySpanWithDays',
    listExceptions: '/api/availability/listExceptions',
    addException: '/api/availability/addException',
    deleteException: '/api/availability/deleteException',
    defaultLocation: '/api/availability/getDefaultPracticeLocation',
    telehealthCapability: '/api/availability/getTelehealthCapabilityForTherapist',
    locationsClientsSee: '/api/availability/getTherapistLocationsThatClientsSee',
    productsForTherapists: '/api/availability/findProductsForClientByTherapistIds',
    remainingAvailability: '/api/availability/findRemainingAvailability',
    /** The practice's locations to choose from (the practice lists). */
    practiceLocations: '/api/practice/listPracticeLocations',
  },
  /** Open slots across therapists (find an appointment); see docs/availability-api.md. */
  availabilitySearch: {
    findAvailability: '/api/availability/findAvailabilityV2',
    visibleCalendars: '/api/calendar/getVisibleCalendars',
    locations: '/api/availability/listServiceLocations',
  },
  /** Public directory, self-booking and booking requests; see docs/booking-api.md. */
  booking: {
    directoryFilters: '/api/public/findYourTherapist/filters',
    directorySearch: '/api/public/findYourTherapist/search',
    therapistProfile: '/api/public/findYourTherapist/therapist',
    publicSlots: '/api/public/findYourTherapist/slots',
    publicBook: '/api/public/selfSchedule/book',
    clientTherapists: '/api/selfSchedule/therapists',
    clientSlots: '/api/selfSchedule/slots',
    clientBook: '/api/selfSchedule/book',
    requests: '/api/selfSchedule/requests',
    confirmRequest: '/api/selfSchedule/confirmRequest',
    declineRequest: '/api/selfSchedule/declineRequest',
    settings: '/api/selfSchedule/settings',
  },
  /** A client's policies, pre-authorizations, confirmations, private pay (spec-2 §7 Insurance); see docs/insurance-api.md. */
  insurance: {
    list: '/api/patientInsurance/list',
    saveInsurance: '/api/patientInsurance/saveInsurance',
    deleteInsurance: '/api/patientInsurance/delete',
    convertInsurance: '/api/patientInsurance/convertInsurance',
    savePreAuth: '/api/patientInsurance/savePreAuth',
    deletePreAuth: '/api/patientInsurance/deletePreAuth',
    saveConfirmation: '/api/patientInsurance/saveConfirmation',
    deleteConfirmation: '/api/patientInsurance/deleteConfirmation',
    standardCptCodes: '/api/patientInsurance/listStandardCptCodes',
    changePrivatePay: '/api/patientInsurance/changePrivatePay',
    updateUsualFee: '/api/patientInsurance/updateUsualFee',
    updateAutoGenClaim: '/api/patientInsurance/updateAutoGenClaim',
    cardUploadUrl: '/api/patientInsurance/getInsuranceCardUploadUrl',
    deleteCardPhoto: '/api/patientInsurance/deleteInsuranceCardPhoto',
    cardVersions: '/api/patientInsurance/getInsuranceCardVersions',
    acceptCardVersion: '/api/patientInsurance/acceptInsuranceCardVersion',
    rejectCardVersion: '/api/patientInsurance/rejectInsuranceCardVersion',
  },
  /** Eligibility checks (spec-2 §7 Insurance: checkEligibility and history); see docs/eligibility-api.md. */
  eligibility: {
    serviceCodes: '/api/patientInsurance/listX12ServiceCodes',
    payers: '/api/patientInsurance/listEligibilityPayers',
    defaults: '/api/patientInsurance/eligibilityDefaults',
    history: '/api/patientInsurance/listEligibilityRequestHistory',
    historyItem: '/api/patientInsurance/findEligibilityHistoryItem',
    check: '/api/patientInsurance/checkEligibility',
    report: '/api/reporting/eligibilityCheck',
  },
  /** The audit pages (docs/audit-api.md). */
  audit: {
    recordAccess: '/api/reporting/audit/patientRecordAccess',
    recordAccessCsv: '/api/reporting/audit/patientRecordAccess/export',
    chainState: '/api/reporting/audit/chainState',
    users: '/api/reporting/audit/users',
  },
  /** Email monitoring (docs/email-monitoring-api.md). */
  emailMonitoring: {
    search: '/api/emailMonitoring/search',
    getSuppressed: '/api/emailMonitoring/getSuppressed',
    addSuppressed: '/api/emailMonitoring/addSuppressed',
    removeSuppressed: '/api/emailMonitoring/removeSuppressed',
  },
  /** The practice's payers and the insurance reports (docs/insurance-reports-api.md). */
  insuranceReports: {
    payers: '/api/practiceInsurance',
    savePayer: '/api/practiceInsurance/save',
    endPayer: '/api/practiceInsurance/end',
    report: (report: Parameters<typeof paths.insuranceReports.getHref>[0]) =>
      `/api/insuranceReports/${report}`,
  },
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
  signOut: '/api/logout',
  // Client search and new clients
  clientSearchContexts: '/api/patient/searchContexts',
  findClients: '/api/patient/findPatients',
  exportClients: '/api/patient/exportPatients',
  clientSearchGroups: '/api/therapist/listSearchGroups',
  customSearchCapabilities: '/api/setting/getCustomSearchCapabilities',
  duplicateClients: '/api/patient/listDuplicateClients',
  createClient: '/api/patient/addNewPatientForTherapists',
  // Practice reference lists
  practiceTherapists: '/api/practice/listTherapists',
  practiceInsurance: '/api/practiceInsurance',
  // Client portal
  sendActivationLink: '/api/patient/sendActivationLink',
  portalCheckToken: '/api/public/portal/checkToken',
  portalActivate: '/api/public/portal/activate',
  /** One client's record (the client profile), and the practice lists it picks from. */
  clientProfile: {
    profile: '/api/patient/getProfile',
    updateBasicDetails: '/api/patient/updateUserDetails',
    updateDemographics: '/api/patient/updatePatientDemographic',
    demographicSettings: '/api/setting/getPracticeDemographicSetting',
    setTimezone: '/api/patient/setClientTimezone',
    therapists: '/api/patient/listTherapists',
    legacyLinks: '/api/patientLegacyLinked/listForPatient',
    clinical: '/api/patientChartDiagnosis/clinicalInformation',
    updateClinical: '/api/patientChartDiagnosis/updateClinicalInformation',
    icd10Search: '/api/icd10/search',
    status: '/api/patient/status',
    updateStatus: '/api/patient/updateStatus',
    archive: '/api/patient/archive',
    unarchive: '/api/patient/unarchive',
    allGroups: '/api/patientGroup/listAllGroups',
    clientGroups: '/api/patientGroup/listPatientGroups',
    addToGroup: '/api/patientGroup/addToGroup',
    removeFromGroup: '/api/patientGroup/removeFromGroup',
    memo: '/api/patient/getMemo',
    saveMemo: '/api/patient/saveMemo',
    alert: '/api/patient/getAlert',
    saveAlert: '/api/patient/saveAlert',
    reason: '/api/patient/getReasonForAppointment',
    deleteReason: '/api/patient/deleteReasonForAppointment',
    saveReasonToMemo: '/api/patient/saveReasonForAppointmentToMemo',
    savePhone: '/api/patient/savePhone',
    deletePhone: '/api/patient/deletePhone',
    saveEmail: '/api/patient/saveEmail',
    deleteEmail: '/api/patient/deleteEmail',
    saveAddress: '/api/patient/saveAddress',
    deleteAddress: '/api/patient/deleteAddress',
    saveContact: '/api/patient/saveContact',
    deleteContact: '/api/patient/deleteContact',
    portalStatus: '/api/patient/portalStatus',
    credentials: '/api/patient/credentials',
    loginHistory: '/api/patient/loginHistory',
    sendActivationLink: '/api/patient/sendActivationLink',
    enablePortal: '/api/patient/enablePortalAccess',
    disablePortal: '/api/patient/disablePortalAccess',
    resetPassword: '/api/patient/resetPassword',
    unlockAccount: '/api/patient/unlockAccount',
    twoFactorStatus: '/api/patient/getTwoFactorAuthStatus',
    disableTwoFactor: '/api/patient/disableTwoFactorAuth',
    outboundEmails: '/api/emailMonitoring/outbound',
    photoIdUploadUrl: '/api/patient/getPhotoIdUploadUrl',
    deletePhotoId: '/api/patient/deletePhotoId',
    photoIdAnalysisStatus: '/api/patient/photoIdAnalysisStatus',
    analyzePhotoId: '/api/patient/analyzePhotoId',
    applyPhotoIdAnalysis: '/api/patient/applyPhotoIdAnalysis',
    photoIdVersion: '/api/patient/getPhotoIdVersion',
    acceptPhotoIdVersion: '/api/patient/acceptPhotoIdVersion',
    rejectPhotoIdVersion: '/api/patient/rejectPhotoIdVersion',
    autoAssignForms: '/api/patient/autoAssignForms',
    pendingForms: '/api/patientRegistration/listPendingForms',
    practiceContacts: '/api/practice/contacts',
    referralSource: '/api/patientReferralSource/get',
    saveReferralSource: '/api/patientReferralSource/save',
    deleteReferralSource: '/api/patientReferralSource/delete',
    referralFaxTemplate: '/api/patientReferralSource/getFaxTemplate',
    sendReferralFax: '/api/patientReferralSource/sendFax',
    referralFaxes: '/api/patientReferralSource/faxes',
    /** Opened in a new tab (a PDF), so it is a whole address with its query. */
    faceSheetHref: (patientId: number) =>
      withQuery('/api/patient/getFaceSheetPdf', { patientId: String(patientId) }),
  },
  /** Retention, intake and merging duplicates. */
  clientLists: {
    retention: '/api/patient/getRetention',
    snoozeRetention: '/api/patient/snoozeClientRetention',
    intake: '/api/patient/getIntake',
    newClientsWithAppointments: '/api/patient/listNewClientsWithAppointments',
    newClientsWithoutAppointments: '/api/patient/getNewClients',
    clientSummary: '/api/patient/getSummary',
    mergeClients: '/api/patient/mergeClients',
  },
  /** The calendar (spec-1 §7 Calendar, Scheduling and details); see docs/calendar-api.md. */
  calendar: {
    visibleCalendars: '/api/calendar/getVisibleCalendars',
    myCalendars: '/api/calendar/getMyCalendars',
    myAndSharedCalendars: '/api/calendar/getMyCalendarAndSharedCalendars',
    appointments: '/api/calendar/getTherapistAppointments',
    therapistAvailability: '/api/calendar/getTherapistAvailability',
    availability: '/api/availability/getAvailability',
    availabilitySpans: '/api/availability/getAvailabilitySpansForTherapists',
    serviceLocations: '/api/availability/listServiceLocations',
    usesAvailability: '/api/calendar/settings/usesAvailability',
    changes: '/api/calendar/changes',
    reschedule: '/api/calendar/rescheduleEvent',
    cancel: '/api/calendar/cancelEvent',
    createAppointment: '/api/calendar/createAppointment',
    createMeeting: '/api/calendar/createMeeting',
    updateAppointment: '/api/calendar/updateAppointment',
    updateMeeting: '/api/calendar/updateMeeting',
    deleteMeeting: '/api/calendar/deleteMeeting',
    series: (eventId: number) => `/api/calendar/series/${eventId}`,
    productsForRequest: '/api/availability/findProductsForSchedulingRequest',
    countConflicts: '/api/availability/countConflicts',
    telehealthStatus: '/api/therapist/telehealthStatus',
    meetingDetails: (eventId: number) => `/api/calendar/getMeetingDetails/${eventId}`,
    appointmentDetails: (eventId: number, attendeeId: number) =>
      `/api/patientRecord/getAppointmentDetails/${eventId}/${attendeeId}`,
    attendeeDetails: '/api/calendarEvent/getAppointmentAttendeeDetails',
    toggleCheckedIn: '/api/calendarEvent/togglePatientCheckedIn',
    groupAttendeeProducts: '/api/product/getProductsForGroupAttendee',
    saveAttendance: '/api/calendar/editAttendance/save',
    resetAttendance: '/api/calendar/editAttendance/resetAttendance',
    externalCalendars: '/api/calendar/getTherapistExternalCalendars',
    addExternalCalendar: '/api/calendar/externalCalendar/add',
    removeExternalCalendar: '/api/calendar/externalCalendar/remove',
    syncExternalCalendar: '/api/calendar/externalCalendar/sync',
    externalEvents: '/api/calendar/externalCalendar/events',
    agentAppointments: '/api/calendar/getTherapistAppointmentsByExternalAgent',
    agentTherapists: '/api/calendar/listTherapistsByExternalAgent',
    agentIdentities: '/api/externalagent/main/identities',
    assumeAgentIdentity: '/api/externalagent/main/assume',
  },
} as const;
