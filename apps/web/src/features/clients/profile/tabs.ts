import type { ClientProfile, ProfileAccess } from './api/profile';

/**
 * The profile's tabs in the spec's order (spec-2 §2), each with the access it
 * needs. Saved cards are the billing feature's, composed in by app/ (lib/profile-panels.tsx).
 * What a tab needs mirrors what the server lets the caller read:
 * - everyone who may open the record: basic details, statuses, groups, the
 *   alert, legacy links and the time zone (read-only without demographic access);
 * - phones and emails: demographic or scheduling access;
 * - insurance: demographic or billing access (as the server's insurance gate);
 * - appointments: demographic, scheduling or billing access (as the server's gate), placed
 *   after the clinical information, where the chart's history reads naturally (not in the
 *   spec's list of tabs; ours);
 * - everything else personal: demographic access;
 * - saved cards: payment access (as the server's card calls);
 * - the reason for appointment: only when the server answered one (the
 *   client's own therapist, spec-2 §4).
 */
export const PROFILE_TABS = [
  { key: 'basic', label: 'Basic details', needs: 'view' },
  { key: 'demographics', label: 'Demographics', needs: 'demographic' },
  { key: 'clinical', label: 'Clinical info', needs: 'demographic' },
  { key: 'appointments', label: 'Appointments', needs: 'appointments' },
  { key: 'insurance', label: 'Insurance', needs: 'insurance' },
  { key: 'statuses', label: 'Statuses', needs: 'view' },
  { key: 'groups', label: 'Groups', needs: 'view' },
  { key: 'memo', label: 'Memo', needs: 'demographic' },
  { key: 'alert', label: 'Alert', needs: 'view' },
  { key: 'phones', label: 'Phones', needs: 'reach' },
  { key: 'emails', label: 'Emails', needs: 'reach' },
  { key: 'addresses', label: 'Addresses', needs: 'demographic' },
  { key: 'contacts', label: 'Contacts', needs: 'demographic' },
  { key: 'cards', label: 'Saved cards', needs: 'payment' },
  { key: 'portal', label: 'Portal', needs: 'demographic' },
  { key: 'two-factor', label: 'Two-factor', needs: 'demographic' },
  { key: 'photo-id', label: 'Photo ID', needs: 'demographic' },
  { key: 'legacy-links', label: 'Legacy links', needs: 'view' },
  { key: 'referral', label: 'Referral source', needs: 'demographic' },
  { key: 'timezone', label: 'Time zone', needs: 'view' },
  { key: 'face-sheet', label: 'Face sheet', needs: 'demographic' },
  { key: 'reason', label: 'Reason for appointment', needs: 'reason' },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number];
export type ProfileTabKey = ProfileTab['key'];

const NO_ACCESS: ProfileAccess = {
  hasDemographicAccess: false,
  hasBillingAccess: false,
  hasPaymentAccess: false,
  hasMessagingAccess: false,
  hasSchedulingAccess: false,
  hasRecordAdministration: false,
};

function allowed(
  tab: ProfileTab,
  profile: Pick<ClientProfile, 'patientAccess' | 'reasonForAppointment'>,
): boolean {
  const access = profile.patientAccess ?? NO_ACCESS;
  switch (tab.needs) {
    case 'view':
      return true;
    case 'demographic':
      return access.hasDemographicAccess;
    case 'payment':
      return access.hasPaymentAccess;
    case 'reach':
      return access.hasDemographicAccess || access.hasSchedulingAccess;
    case 'insurance':
      return access.hasDemographicAccess || access.hasBillingAccess;
    case 'appointments':
      return mayReadAppointments(profile);
    case 'reason':
      return typeof profile.reasonForAppointment === 'string';
  }
}

/** Whether the caller may read the client's appointments (the tab, and the header's next one). */
export function mayReadAppointments(profile: Pick<ClientProfile, 'patientAccess'>): boolean {
  const access = profile.patientAccess ?? NO_ACCESS;
  return access.hasDemographicAccess || access.hasSchedulingAccess || access.hasBillingAccess;
}

/** The tabs this caller sees for this client, in order. */
export function visibleTabs(
  profile: Pick<ClientProfile, 'patientAccess' | 'reasonForAppointment'>,
): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => allowed(tab, profile));
}

/** The tab named in the address when it is one of `tabs`, else the first. */
export function selectedTab(tabs: readonly ProfileTab[], requested: string | null): ProfileTab {
  const found = tabs.find((tab) => tab.key === requested);
  const first = tabs[0];
  if (found) return found;
  if (!first) throw new Error('A client profile always has its basic details tab.');
  return first;
}
