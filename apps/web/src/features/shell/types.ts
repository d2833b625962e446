/** How a navigation item opens (spec-1 §2, Navigation shell). */
export type NavItemKind = 'route' | 'url' | 'external' | 'post';

/**
 * One navigation entry. `to` is an in-app path (relative to /n) for 'route',
 * a full address for 'url' and 'external', and the address to POST to for
 * 'post', after which the browser loads `redirectTo`.
 */
export interface NavItem {
  id: string;
  label: string;
  icon: string;
  kind: NavItemKind;
  to: string;
  badge?: number;
  children?: NavItem[];
  divider?: boolean;
  redirectTo?: string;
}

export interface NavigationUser {
  displayedName: string;
  initials: string;
  impersonating: boolean;
  impersonatorName: string | null;
  practiceName: string | null;
  isProviderStaff: boolean;
  isTa: boolean;
  isStaff: boolean;
  canSeeSettings: boolean;
}

export interface DashboardAlert {
  id: string;
  severity: 'info' | 'warning' | 'error';
  message: string;
}

export interface AccountStanding {
  balance: number;
  inGoodStanding: boolean;
  cutoffDate: string | null;
  cardExpiresIn: number | null;
  isCutOff: boolean;
  currentUserIsResponsibleParty: boolean;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  cardUpdatedToday: boolean;
}

/** `GET /api/dashboard/main/navigation` (spec-1 §3, Navigation data). */
export interface NavigationData {
  currentPractice: { id: number; name: string; logoUrl: string | null } | null;
  features: {
    claims: boolean;
    insurance: boolean;
    charting: boolean;
    telehealth: boolean;
    ePrescribe: boolean;
    changeTracking: boolean;
    inactivityLockoutMinutes: number;
    messages: { enabled: boolean; newCount: number };
    screenReaderAccessible: boolean;
  };
  dashboardAlerts: DashboardAlert[];
  main: NavItem[];
  usernavigation: { legal: boolean; items: NavItem[]; legalItems: NavItem[] };
  user: NavigationUser;
  new: NavItem[];
  accountStanding: AccountStanding | null;
  helpWidget: { enabled: boolean; issueReporting: boolean; helpUrl: string };
}

/** `GET /api/config`: what the web app needs to know about the server it runs against. */
export interface AppConfig {
  environment: string;
  /** The database holds the demo practices, whose accounts share a published password. */
  demoMode?: boolean;
}
