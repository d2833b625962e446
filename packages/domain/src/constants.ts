/**
 * Business constants and limits (spec-1 §9, spec-2 §9). Kept in one place so
 * the server, the web app and the rules in this package agree on every number.
 */

// --- Application shell -------------------------------------------------------

export const BASE_PATH = '/n/';

/** The waiting spinner appears only for operations slower than this. */
export const SPINNER_DELAY_MS = 750;
/** The progress bar starts after this throttle and runs over about PROGRESS_DURATION_MS. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export const SNACKBAR_TIMEOUT_MS = 3000;
export const ERROR_TOAST_TIMEOUT_MS = 5000;
export const LONG_ERROR_TOAST_TIMEOUT_MS = 8000;
export const CARD_DELETE_ERROR_TIMEOUT_MS = 7000;
/** The four fixed snackbar colours. */
export const SNACKBAR_COLOURS = ['success', 'info', 'warning', 'error'] as const;

/** Standard debounce, e.g. for client search as you type. */
export const DEBOUNCE_MS = 600;

/** Navigation data (badges, notifications) is polled every 5 minutes. */
export const NAVIGATION_POLL_MS = 300_000;
/** The 'Is the chair empty?' warning shows this long before the inactivity limit. */
export const INACTIVITY_WARNING_SECONDS = 60;
/** Cookie shared by tabs so activity in one tab keeps the others signed in. */
export const ACTIVITY_COOKIE_NAME = 'TA_ACT';
/** A chunk-load failure reloads the page at most once in this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** Linked pages are prefetched after up to this much idle time. */
export const PREFETCH_IDLE_MS = 2000;

export const PASSWORD_MAX_LENGTH = 128;
/** The simple create dialog clears its busy flag this long after success. */
export const CREATE_DIALOG_BUSY_MS = 1000;

export const SIDE_NAV_WIDTH_TA = 260;
export const SIDE_NAV_WIDTH = 175;
export const SIDE_NAV_MINI_WIDTH = 50;
export const TOP_BAR_HEIGHT = 60;

export const CONFIRM_DIALOG_MAX_WIDTH = 800;
export const CONFIRM_DIALOG_DEFAULTS = {
  confirmText: 'OK',
  cancelText: 'Cancel',
  colour: 'info',
} as const;
/** The e-prescribing agreement counts as read when scrolled to within this many pixels of the bottom. */
export const AGREEMENT_SCROLL_TOLERANCE_PX = 10;

// --- Sign-in and sessions (project decisions; the spec leaves these open) ----

export const DEFAULT_LOGIN_REMEMBER_MODE = 'remember_tillclose';
/** A signed-in session ends after at most this many hours, active or not. */
export const SESSION_MAX_HOURS = 12;
/** This many failed sign-ins in a row lock the account for LOGIN_LOCKOUT_MINUTES. */
export const LOGIN_LOCKOUT_ATTEMPTS = 5;
export const LOGIN_LOCKOUT_MINUTES = 15;

// --- Money, numbers and text -------------------------------------------------

export const MONEY_LOCALE = 'en-US';
export const MONEY_CURRENCY = 'USD';
export const MONEY_DECIMALS = 2;
/** Badges and counts show '99+' above this. */
export const COUNT_DISPLAY_MAX = 99;
/** Insurance names longer than this are cut to INSURANCE_NAME_CUT_LENGTH plus '...'. */
export const INSURANCE_NAME_MAX_LENGTH = 23;
export const INSURANCE_NAME_CUT_LENGTH = 20;
/** Client (account) numbers are shown as 'C' plus this many zero-padded digits. */
export const CLIENT_NUMBER_DIGITS = 9;
export const ZIPCODE_MIN_LENGTH = 5;

// --- Calendar and scheduling ---------------------------------------------------

export const DEFAULT_TELEHEALTH_POS = '02';
export const TELEHEALTH_POS_CODES = ['02', '10', '11'] as const;
export const DEFAULT_OCCURRENCES = 1;
/** A weekly series holds at most a year of appointments. */
export const MAX_OCCURRENCES = 52;
/** The widest calendar window one appointments request may load: a month view (6 weeks) plus a day. */
export const CALENDAR_WINDOW_MAX_DAYS = 43;
export const DEFAULT_APPOINTMENT_DURATION_MINUTES = 60;
/** Offered appointment lengths: 15 to 105 minutes in 15-minute steps. */
export const MIN_OFFERED_DURATION_MINUTES = 15;
export const MAX_OFFERED_DURATION_MINUTES = 105;
export const DURATION_STEP_MINUTES = 15;
export const DEFAULT_CLIENT_SEARCH_CONTEXT = 'my';

export const THERAPIST_SELECTION_LIMIT = 16;
export const DEFAULT_SCROLL_TIME = '07:00:00';
export const DEFAULT_CALENDAR_VIEW = 'timeGridWeek';
/** Month view fetches six weeks starting on a Sunday. */
export const MONTH_VIEW_WEEKS = 6;
export const RESOURCE_DAY_MIN_WIDTH = 50;
/** Single-day resource view with several therapists. */
export const RESOURCE_SINGLE_DAY_MIN_WIDTH = 250;
/** Agent view shortens a differing practice name in column titles to this length. */
export const AGENT_VIEW_PRACTICE_NAME_LENGTH = 15;
/** Availability lookups spanning more than this many days return nothing. */
export const AVAILABILITY_LOOKUP_MAX_DAYS = 7;
/** Tokens for the external calendar service are requested at most this many times. */
export const TOKEN_RETRY_LIMIT = 3;
/** The telehealth lobby opens this long before the start and stays open this long after the end. */
export const TELEHEALTH_LOBBY_MARGIN_MINUTES = 15;

/** Weekday numbering used by availability and the calendar. */
export const WEEKDAYS = { SUN: 0, MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6 } as const;
export type WeekdayCode = keyof typeof WEEKDAYS;

// --- Client search --------------------------------------------------------------

export const CLIENT_SEARCH_LIMIT = 21;
export const CLIENT_SEARCH_OFFSET = 0;
export const CLIENT_SEARCH_PAGE_SIZE = 50;
/** The largest 32-bit signed integer: the server's "no limit" for exports. */
export const EXPORT_ALL_LIMIT = 2_147_483_647;

// --- Printing, dashboard and monitoring -----------------------------------------

export const PRINT_RECORD_TYPES = [
  'patient_chart',
  'treatment_plan',
  'past_treatment_plans',
  'appointments',
  'message_thread',
  'form_response',
] as const;
export type PrintRecordType = (typeof PRINT_RECORD_TYPES)[number];
export const PRINT_SINGLE_PDF_DEFAULT = true;

/** To-dos are slotted into the working day, 09:00 to 17:00, in 15-minute steps. */
export const WORKING_HOURS = { start: 9, end: 17 } as const;
export const TODO_SLOT_MINUTES = 15;
export const SUGGESTED_TASKS_LIMIT = 50;
/** Current dashboard item: success while more than this many minutes remain, warning while more than the next. */
export const CURRENT_ITEM_SUCCESS_MINUTES = 15;
export const CURRENT_ITEM_WARNING_MINUTES = 5;
export const MIGRATE_AVAILABILITY_DEADLINE = '12/06/2023';

export const CLAIM_FILE_TYPES = [
  'era',
  'status_277',
  'split_edi_statuses',
  'status_text',
  'zip',
] as const;
/** Support dashboard thresholds. */
export const FILE_RECEIPT_WARNING_HOURS = 6;
export const FILE_RECEIPT_ERROR_HOURS = 12;
export const FILE_QUEUE_WARNING_ABOVE = 550;
export const FILE_QUEUE_ERROR_ABOVE = 1000;
export const TASK_COMPLETION_WARNING_MINUTES = 5;
export const TASK_COMPLETION_ERROR_MINUTES = 15;
export const OLDEST_SFTP_CHECK_WARNING_HOURS = 24;
export const OLDEST_SFTP_CHECK_ERROR_HOURS = 36;
export const LATEST_SFTP_CHECK_WARNING_HOURS = 1;
export const LATEST_SFTP_CHECK_ERROR_HOURS = 2;
/** Reminders whose delivery time is older than this count as history. */
export const REMINDER_HISTORY_AFTER_HOURS = 1;

/** The client record's email monitoring looks this many days back. */
export const EMAIL_MONITORING_WINDOW_DAYS = 120;
export const DEFAULT_EMAIL_SUPPRESSION_REASON = 'COMPLAINT';

/** Client portal passwords: at least this long (and at most PASSWORD_MAX_LENGTH). */
export const PORTAL_PASSWORD_MIN_LENGTH = 10;

/** The longest inactivity lock a practice may choose (a working day); 0 turns it off. */
export const INACTIVITY_LOCKOUT_MAX_MINUTES = 480;
