import { describe, expect, it } from 'vitest';

import type { ProfileAccess } from './api/profile';
import { selectedTab, visibleTabs } from './tabs';

const access = (overrides: Partial<ProfileAccess>): ProfileAccess => ({
  hasDemographicAccess: false,
  hasBillingAccess: false,
  hasPaymentAccess: false,
  hasMessagingAccess: false,
  hasSchedulingAccess: false,
  hasRecordAdministration: false,
  ...overrides,
});

const keys = (tabs: { key: string }[]) => tabs.map((t) => t.key);

describe('visibleTabs', () => {
  it('shows a manager every tab but the reason, in the spec order', () => {
    const tabs = visibleTabs({ patientAccess: access({ hasDemographicAccess: true }) });
    expect(keys(tabs)).toEqual([
      'basic',
      'demographics',
      'clinical',
      'appointments',
      'insurance',
      'statuses',
      'groups',
      'memo',
      'alert',
      'phones',
      'emails',
      'addresses',
      'contacts',
      'portal',
      'two-factor',
      'photo-id',
      'legacy-links',
      'referral',
      'timezone',
      'face-sheet',
    ]);
  });

  it('shows front office (scheduling, no demographics) basic details and phones, not clinical', () => {
    const tabs = keys(visibleTabs({ patientAccess: access({ hasSchedulingAccess: true }) }));
    expect(tabs).toContain('basic');
    expect(tabs).toContain('phones');
    expect(tabs).toContain('emails');
    expect(tabs).toContain('appointments');
    expect(tabs).not.toContain('demographics');
    expect(tabs).not.toContain('clinical');
    expect(tabs).not.toContain('memo');
  });

  it('shows saved cards with payment access only', () => {
    const has = (overrides: Partial<ProfileAccess>) =>
      keys(visibleTabs({ patientAccess: access(overrides) })).includes('cards');
    expect(has({ hasPaymentAccess: true })).toBe(true);
    expect(has({ hasDemographicAccess: true, hasBillingAccess: true })).toBe(false);
    const tabs = keys(
      visibleTabs({
        patientAccess: access({ hasDemographicAccess: true, hasPaymentAccess: true }),
      }),
    );
    expect(tabs.indexOf('cards')).toBe(tabs.indexOf('contacts') + 1);
  });

  it('shows appointments with demographic, scheduling or billing access, and to no one else', () => {
    const has = (overrides: Partial<ProfileAccess>) =>
      keys(visibleTabs({ patientAccess: access(overrides) })).includes('appointments');
    expect(has({ hasDemographicAccess: true })).toBe(true);
    expect(has({ hasSchedulingAccess: true })).toBe(true);
    expect(has({ hasBillingAccess: true })).toBe(true);
    // A staff administrator alone: the server refuses them too.
    expect(has({})).toBe(false);
    expect(has({ hasMessagingAccess: true, hasRecordAdministration: true })).toBe(false);
  });

  it('shows insurance with demographic or billing access, not to front office alone', () => {
    const has = (overrides: Partial<ProfileAccess>) =>
      keys(visibleTabs({ patientAccess: access(overrides) })).includes('insurance');
    expect(has({ hasDemographicAccess: true })).toBe(true);
    expect(has({ hasBillingAccess: true })).toBe(true);
    expect(has({ hasSchedulingAccess: true })).toBe(false);
  });

  it('adds the reason for appointment only when the server answered one', () => {
    const withAccess = { patientAccess: access({ hasDemographicAccess: true }) };
    expect(keys(visibleTabs({ ...withAccess, reasonForAppointment: 'Anxiety' }))).toContain(
      'reason',
    );
    expect(keys(visibleTabs({ ...withAccess, reasonForAppointment: null }))).not.toContain(
      'reason',
    );
    expect(keys(visibleTabs(withAccess))).not.toContain('reason');
  });
});

describe('selectedTab', () => {
  const tabs = visibleTabs({ patientAccess: access({ hasSchedulingAccess: true }) });

  it('opens the tab the address names', () => {
    expect(selectedTab(tabs, 'phones').key).toBe('phones');
  });

  it('falls back to the first tab for a hidden or unknown one', () => {
    expect(selectedTab(tabs, 'clinical').key).toBe('basic');
    expect(selectedTab(tabs, null).key).toBe('basic');
  });
});
