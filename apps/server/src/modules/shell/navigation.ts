import { CARD_EXPIRING_SOON_DAYS, hasRole } from '@openpractice/domain';
import type { PracticeFeatures } from '../../db/schema/index.ts';
import { mainItems, newMenuItems, type NavCounts, type NavItem } from './navigation-items.ts';

/**
 * Builds the navigation data of spec-1 §3 for one user. Pure: the route
 * loads the rows, this decides what the user sees. The menus' items are in
 * navigation-items.ts.
 */

export type AccountStanding = {
  balance: number;
  inGoodStanding: boolean;
  cutoffDate: string | null;
  cardExpiresIn: number | null;
  isCutOff: boolean;
  currentUserIsResponsibleParty: boolean;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  cardUpdatedToday: boolean;
};

export type AccountRow = {
  balanceCents: number;
  cutoffDate: string | null;
  cardExpiresOn: string | null;
  cardUpdatedOn: string | null;
  lastPaymentDate: string | null;
  lastPaymentCents: number | null;
  responsibleUserId: number | null;
};

export type NavigationInput = {
  user: {
    id: number;
    type: string;
    authorities: string[];
    firstName: string;
    lastName: string;
    professionalName: string;
  };
  impersonatorName: string | null;
  practice: {
    id: number;
    name: string;
    logoUrl: string | null;
    logoIconUrl?: string | null;
  } | null;
  settings: { features: PracticeFeatures; inactivityLockoutMinutes: number } | null;
  account: AccountRow | null;
  /** Today in the practice's time zone, YYYY-MM-DD. */
  today: string;
  helpUrl: string;
  /** Counts beside menu items (nav-counts.ts). */
  counts?: NavCounts;
};

export const LICENSE_URL = 'https://www.gnu.org/licenses/gpl-3.0.html';
/** Support staff outside a practice still see an inactivity limit. */
const DEFAULT_INACTIVITY_MINUTES = 60;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function accountStandingOf(row: AccountRow, userId: number, today: string): AccountStanding {
  const pastDue = row.balanceCents > 0;
  const isCutOff = pastDue && row.cutoffDate !== null && row.cutoffDate <= today;
  return {
    balance: row.balanceCents,
    inGoodStanding: !pastDue,
    cutoffDate: row.cutoffDate,
    cardExpiresIn: row.cardExpiresOn ? daysBetween(today, row.cardExpiresOn) : null,
    isCutOff,
    currentUserIsResponsibleParty: row.responsibleUserId === userId,
    lastPaymentDate: row.lastPaymentDate,
    lastPaymentAmount: row.lastPaymentCents,
    cardUpdatedToday: row.cardUpdatedOn === today,
  };
}

/** Alerts about the practice's account: cut off, past due, or a card about to expire. */
export function accountAlerts(standing: AccountStanding | null) {
  if (!standing) return [];
  const alerts: { id: string; severity: 'info' | 'warning' | 'error'; message: string }[] = [];
  if (standing.isCutOff) {
    alerts.push({
      id: 'account-cut-off',
      severity: 'error',
      message: 'Your account is past due. Update the card on file to restore full access.',
    });
  } else if (!standing.inGoodStanding) {
    alerts.push({
      id: 'account-past-due',
      severity: 'warning',
      message: 'Your account has a past-due balance. Please update the card on file.',
    });
  }
  // The same window as a client's saved cards (the domain's card-expiry rule).
  if (standing.cardExpiresIn !== null && standing.cardExpiresIn <= CARD_EXPIRING_SOON_DAYS) {
    alerts.push({
      id: 'card-expiring',
      severity: 'warning',
      message:
        standing.cardExpiresIn < 0
          ? 'The card on file has expired.'
          : `The card on file expires in ${standing.cardExpiresIn} days.`,
    });
  }
  return alerts;
}

export const initialsOf = (firstName: string, lastName: string) =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();

export function buildNavigation(input: NavigationInput) {
  const { user, practice, settings } = input;
  const isTa = hasRole(user.authorities, 'ta');
  const isStaff = hasRole(user.authorities, 'practiceStaff');
  const impersonating = input.impersonatorName !== null;

  const inPractice = practice !== null;
  const main = mainItems(
    user,
    inPractice,
    settings?.features.insurance ?? false,
    input.counts,
    settings?.features.charting ?? false,
  );
  const newItems = newMenuItems(user.authorities, inPractice);

  const userItems: NavItem[] = [
    { id: 'help-center', label: 'Help center', icon: 'help', kind: 'external', to: input.helpUrl },
  ];
  if (impersonating) {
    userItems.push({
      id: 'stop-impersonating',
      label: 'Stop impersonating',
      icon: 'support',
      kind: 'post',
      to: '/api/system/impersonateUser/stop',
      redirectTo: '/n/admin/impersonate',
    });
  }
  const accountRow = isStaff && practice && input.account ? input.account : null;
  const accountStanding = accountRow ? accountStandingOf(accountRow, user.id, input.today) : null;
  const features = settings?.features;

  return {
    currentPractice: practice && { ...practice, logoIconUrl: practice.logoIconUrl ?? null },
    features: {
      claims: features?.claims ?? false,
      insurance: features?.insurance ?? false,
      charting: features?.charting ?? false,
      telehealth: features?.telehealth ?? false,
      // Areas not built yet stay off whatever the practice chose: no button leads nowhere.
      ePrescribe: false,
      changeTracking: features?.changeTracking ?? false,
      inactivityLockoutMinutes: settings?.inactivityLockoutMinutes ?? DEFAULT_INACTIVITY_MINUTES,
      messages: { enabled: false, newCount: 0 },
      screenReaderAccessible: features?.screenReaderAccessible ?? true,
    },
    dashboardAlerts: accountAlerts(accountStanding),
    main,
    usernavigation: {
      legal: true,
      items: userItems,
      legalItems: [
        {
          id: 'license',
          label: 'License (GPL-3.0)',
          icon: 'gavel',
          kind: 'external',
          to: LICENSE_URL,
        } satisfies NavItem,
      ],
    },
    user: {
      displayedName: user.professionalName,
      initials: initialsOf(user.firstName, user.lastName),
      impersonating,
      impersonatorName: input.impersonatorName,
      practiceName: practice?.name ?? null,
      // "Provider staff" are the provider's own internal staff (spec-1 §1).
      isProviderStaff: isTa,
      isTa,
      isStaff,
      canSeeSettings: hasRole(user.authorities, 'settings'),
    },
    new: newItems,
    accountStanding,
    helpWidget: { enabled: true, issueReporting: isTa || impersonating, helpUrl: input.helpUrl },
  };
}

export type NavigationData = ReturnType<typeof buildNavigation>;
