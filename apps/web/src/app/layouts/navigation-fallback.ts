import { hasRole } from '@openpractice/domain';

import { paths } from '../../config/paths';
import type { Identity } from '../../features/identity/api';
import type { NavigationData } from '../../features/shell/types';

function initialsOf(name: string): string {
  const words = name.split(/[\s,]+/).filter((word) => /^\p{L}/u.test(word));
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[1]?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/**
 * What the shell shows while the navigation data is loading or could not be
 * loaded: the user from the identity, a Home item, and nothing optional.
 */
export function navigationFallback(identity: Identity): NavigationData {
  const name = identity.professionalName ?? identity.email ?? '';
  const isTa = hasRole(identity.authorities, 'ta');
  return {
    currentPractice: null,
    features: {
      claims: false,
      insurance: false,
      charting: false,
      telehealth: false,
      ePrescribe: false,
      changeTracking: false,
      inactivityLockoutMinutes: 0,
      messages: { enabled: false, newCount: 0 },
      screenReaderAccessible: true,
    },
    dashboardAlerts: [],
    main: [{ id: 'home', label: 'Home', icon: 'home', kind: 'route', to: paths.home.getHref() }],
    usernavigation: { legal: false, items: [], legalItems: [] },
    user: {
      displayedName: name,
      initials: initialsOf(name),
      impersonating: identity.impersonating,
      impersonatorName: identity.impersonatorName,
      practiceName: null,
      isProviderStaff: isTa,
      isTa,
      isStaff: hasRole(identity.authorities, 'practiceStaff'),
      canSeeSettings: hasRole(identity.authorities, 'settings'),
    },
    new: [],
    accountStanding: null,
    helpWidget: { enabled: false, issueReporting: false, helpUrl: '' },
  };
}
