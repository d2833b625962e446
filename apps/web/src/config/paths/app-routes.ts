/** Routes of the app, relative to the router's basename. */
import { withQuery } from './with-query';

/**
 * Where the app is served from: Vite's `base` and the router's basename. The
 * trailing slash is deliberate: with it the router writes home as `/n/` (the
 * server's canonical address; it redirects `/n` there) rather than `/n`.
 */
export const APP_BASENAME = '/n/';

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
  /** The practice's locations (issue 16 item 2), and closing one from a day (spec-1 §2). */
  practiceLocations: {
    path: '/practice/locations/service',
    getHref: () => '/practice/locations/service',
    close: {
      path: '/practice/locations/service/close',
      getHref: (practiceLocationId: number) =>
        withQuery('/practice/locations/service/close', { locationId: String(practiceLocationId) }),
    },
  },
  /** The practice's services, fee schedules and offerings (issue 16 item 3). */
  practiceServices: { path: '/practice/services', getHref: () => '/practice/services' },
  /** The practice's outside contacts (spec-1 §2); `new` adds one. */
  practiceContacts: { path: '/practice/contacts', getHref: () => '/practice/contacts' },
  practiceContact: {
    path: '/practice/contacts/:contactId',
    getHref: (contactId: number | 'new') => `/practice/contacts/${contactId}`,
  },
  demographicSettings: {
    path: '/practice/demographicSettings',
    getHref: () => '/practice/demographicSettings',
  },
  practiceLogo: { path: '/practice/logo', getHref: () => '/practice/logo' },
  /** The practice's card processors (issue 19 item 6). */
  paymentProcessing: {
    path: '/practice/paymentProcessing',
    getHref: () => '/practice/paymentProcessing',
  },
  /** Claim set-up (issue 20 item 1): billing provider, rendering providers, clearinghouse, payers. */
  claimSetup: { path: '/perclaim/setup', getHref: () => '/perclaim/setup' },
  /** The signed-in therapist's notes to act on (ours, until the dashboard shows the lists). */
  notesToDo: { path: '/charting/notes', getHref: () => '/charting/notes' },
  /** The practice's note templates and their versions (managers). */
  noteTemplates: { path: '/charting/templates', getHref: () => '/charting/templates' },
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
    /** "Forgot password?": a link to choose a new one, by username or email address. */
    forgotPassword: { path: '/public/forgotPassword', getHref: () => '/public/forgotPassword' },
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
    /** The client's clinical records: notes and addenda by date (issue 17). */
    records: {
      path: '/client/:id/records',
      getHref: (id: number | string) => `/client/${encodeURIComponent(String(id))}/records`,
    },
    /** One progress note of the client. */
    note: {
      path: '/client/:id/records/notes/:noteId',
      getHref: (id: number | string, noteId: number | string) =>
        `/client/${encodeURIComponent(String(id))}/records/notes/${encodeURIComponent(String(noteId))}`,
    },
    /** Opens (the first time, creates) the note of an attendee's session, then shows it. */
    noteOfAttendee: {
      path: '/client/:id/records/attendee/:attendeeId',
      getHref: (id: number | string, attendeeId: number | string) =>
        `/client/${encodeURIComponent(String(id))}/records/attendee/${encodeURIComponent(String(attendeeId))}`,
    },
    /** Eligibility checks of one client: Create Report, then Review Report. */
    eligibility: {
      path: '/client/eligibility/:id',
      getHref: (id: number | string) => `/client/eligibility/${encodeURIComponent(String(id))}`,
    },
    /** Print a client's records (spec-1 §2); `?job=` reopens a print (the server's message links it). */
    recordsPrint: {
      path: '/client/records/print/:id',
      getHref: (id: number | string) => `/client/records/print/${encodeURIComponent(String(id))}`,
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
  /** Past sessions of the last 30 days whose attendance is not recorded yet. */
  attendanceToRecord: { path: '/schedule/attendance', getHref: () => '/schedule/attendance' },
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
    /** Revoked consents and releases (docs/forms-api.md). */
    documentRevocations: {
      path: '/reporting/audit/documentRevocations',
      getHref: () => '/reporting/audit/documentRevocations',
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
    /**
     * `new`: open the scheduling dialog for that request type on arrival (the New menu).
     * `event` (with its practice `date`, YYYY-MM-DD): open that appointment's details on its day.
     */
    getHref: (
      options: {
        new?: 'appointment' | 'meeting' | 'outOfOffice';
        event?: number;
        date?: string;
      } = {},
    ) =>
      withQuery('/schedule', {
        new: options.new,
        event: options.event === undefined ? undefined : String(options.event),
        date: options.date,
      }),
    /** The external agent's view of the therapists assigned to them. */
    externalAgent: { path: '/schedule/externalAgent', getHref: () => '/schedule/externalAgent' },
  },
  /** The telehealth lobby of an appointment. */
  telehealth: {
    path: '/telehealth/:id',
    getHref: (eventId: number | string) => `/telehealth/${encodeURIComponent(String(eventId))}`,
  },
  /** Public completion of the client portal's invitation and password reset links (emailed). */
  /** The practice's staff accounts and roles (spec-1 §2 `/practice/settings/staff`). */
  practiceStaff: { path: '/practice/settings/staff', getHref: () => '/practice/settings/staff' },
  /** The practice's single sign-on provider (spec-1 §2 `/practice/settings/sso`). */
  practiceSso: { path: '/practice/settings/sso', getHref: () => '/practice/settings/sso' },
  /** The emailed links of staff accounts: choose a password (activation or reset). */
  staffLink: {
    activate: {
      path: '/public/staff/activate',
      getHref: (token: string) => withQuery('/public/staff/activate', { token }),
    },
    resetPassword: {
      path: '/public/staff/resetPassword',
      getHref: (token: string) => withQuery('/public/staff/resetPassword', { token }),
    },
  },
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
