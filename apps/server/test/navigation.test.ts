import { describe, expect, it } from 'vitest';
import { DEMO_CAST } from '../src/seed/demo-cast.ts';
import {
  accountAlerts,
  accountStandingOf,
  buildNavigation,
  initialsOf,
  type AccountRow,
  type NavigationInput,
} from '../src/modules/shell/navigation.ts';

const features = {
  claims: true,
  insurance: true,
  charting: true,
  telehealth: true,
  ePrescribe: true,
  changeTracking: false,
  messages: true,
  screenReaderAccessible: true,
};

function inputFor(username: string, overrides: Partial<NavigationInput> = {}): NavigationInput {
  const person = DEMO_CAST.find((p) => p.username === username)!;
  return {
    user: {
      id: 7,
      type: person.type,
      authorities: person.authorities,
      firstName: person.firstName,
      lastName: person.lastName,
      professionalName: `${person.firstName} ${person.lastName}`,
    },
    impersonatorName: null,
    practice: person.practice ? { id: 1, name: 'Riverbend', logoUrl: null } : null,
    settings: person.practice ? { features, inactivityLockoutMinutes: 30 } : null,
    account: null,
    today: '2026-11-21',
    helpUrl: 'https://help.example/',
    ...overrides,
  };
}

describe('navigation per role', () => {
  it.each([
    ['owner', true, false, true],
    ['manager', true, false, true],
    ['staffadmin', true, false, true],
    ['owner2', true, false, true],
    ['therapist1', false, false, true],
    ['scheduler', false, false, true],
    ['biller', false, false, true],
    ['frontoffice', false, false, true],
    ['custodian', false, false, true],
    ['support', false, true, false],
    ['client1', false, false, false],
    ['agent', false, false, false],
  ])('%s: settings %s, ta %s, staff %s', (username, settings, ta, staff) => {
    const nav = buildNavigation(inputFor(username));
    expect(nav.user.canSeeSettings).toBe(settings);
    expect(nav.user.isTa).toBe(ta);
    expect(nav.user.isProviderStaff).toBe(ta);
    expect(nav.user.isStaff).toBe(staff);
    expect(nav.main.map((i) => i.id).includes('impersonate')).toBe(ta);
    expect(nav.helpWidget.issueReporting).toBe(ta);
  });

  it('gives ta users a full URL item and everyone an external help link and the legal link', () => {
    const nav = buildNavigation(inputFor('support'));
    expect(nav.main.find((i) => i.id === 'api-docs')).toMatchObject({
      kind: 'url',
      to: '/api/docs',
    });
    expect(nav.usernavigation.items[0]).toMatchObject({
      kind: 'external',
      to: 'https://help.example/',
    });
    expect(nav.usernavigation.legalItems[0]).toMatchObject({ kind: 'external' });
  });

  it('adds Stop impersonating (a POST then redirect) and the impersonator while impersonating', () => {
    const nav = buildNavigation(inputFor('manager', { impersonatorName: 'Sam Support' }));
    expect(nav.user).toMatchObject({ impersonating: true, impersonatorName: 'Sam Support' });
    expect(nav.usernavigation.items.find((i) => i.id === 'stop-impersonating')).toMatchObject({
      kind: 'post',
      to: '/api/system/impersonateUser/stop',
      redirectTo: '/n/admin/impersonate',
    });
    expect(nav.helpWidget.issueReporting).toBe(true);
  });

  it('carries the practice inactivity limit and keeps unbuilt areas off', () => {
    const nav = buildNavigation(inputFor('manager'));
    expect(nav.features.inactivityLockoutMinutes).toBe(30);
    expect(nav.features.ePrescribe).toBe(false);
    expect(nav.features.messages).toEqual({ enabled: false, newCount: 0 });
  });

  it.each([
    ['therapist1', '/client/myClients', true],
    ['manager', '/client/allClients', true],
    ['frontoffice', '/client/allClients', true],
    ['client1', null, false],
    ['support', null, false],
  ])('gives %s the Clients area (%s) and the New client item: %s', (username, to, has) => {
    const nav = buildNavigation(inputFor(username));
    expect(nav.main.find((i) => i.id === 'clients')?.to ?? null).toBe(to);
    expect(nav.new.some((i) => i.to === '/client/new')).toBe(has);
  });

  it.each([
    ['owner', true, true],
    ['manager', true, true],
    ['therapist1', true, true],
    ['scheduler', true, true],
    ['owner2', true, true],
    ['biller', true, false],
    ['frontoffice', true, false],
    ['staffadmin', false, false],
    ['custodian', false, false],
    ['support', false, false],
    ['client1', false, false],
    ['agent', false, false],
  ])(
    '%s: Schedule in the menu %s, New appointment/meeting/out of office %s',
    (username, schedule, create) => {
      const nav = buildNavigation(inputFor(username));
      const item = nav.main.find((i) => i.id === 'schedule');
      if (schedule) {
        expect(item).toEqual({
          id: 'schedule',
          label: 'Schedule',
          icon: 'calendar',
          kind: 'route',
          to: '/schedule',
        });
      } else {
        expect(item).toBeUndefined();
      }
      const scheduling = nav.new.filter((i) => i.to.startsWith('/schedule'));
      if (create) {
        expect(scheduling.map((i) => [i.label, i.to])).toEqual([
          ['Appointment', '/schedule?new=appointment'],
          ['Meeting', '/schedule?new=meeting'],
          ['Out of Office', '/schedule?new=outOfOffice'],
        ]);
      } else {
        expect(scheduling).toEqual([]);
      }
    },
  );

  it('puts Schedule right after Home', () => {
    expect(
      buildNavigation(inputFor('scheduler'))
        .main.map((i) => i.id)
        .slice(0, 3),
    ).toEqual(['home', 'schedule', 'clients']);
  });

  const mainIds = (username: string) => buildNavigation(inputFor(username)).main.map((i) => i.id);

  it.each([
    ['owner', true, true],
    ['manager', true, true],
    ['therapist1', true, true],
    ['scheduler', false, true],
    ['biller', false, false],
    ['frontoffice', false, false],
    ['staffadmin', false, false],
    ['client1', false, false],
    ['support', false, false],
  ])('%s: Availability %s, Find an appointment and Booking requests %s', (username, edit, find) => {
    const ids = mainIds(username);
    expect(ids.includes('availability')).toBe(edit);
    expect(ids.includes('find-appointment')).toBe(find);
    expect(ids.includes('booking-requests')).toBe(find);
    expect(ids.includes('attendance-to-record')).toBe(find);
  });

  it.each([
    ['owner', true],
    ['manager', true],
    ['biller', true],
    ['therapist1', false],
    ['scheduler', false],
    ['client1', false],
  ])(
    '%s: the Insurance area (payers, claim set-up, three claim lists, printing and five reports) %s',
    (username, has) => {
      const insurance = buildNavigation(inputFor(username)).main.find((i) => i.id === 'insurance');
      expect(Boolean(insurance)).toBe(has);
      if (insurance) {
        expect(insurance.children?.map((c) => c.to)).toEqual([
          '/insurance/reports/expiringPolicies',
          '/insurance/reports/expiringPrecerts',
          '/insurance/reports/unconfirmedPolicies',
          '/insurance/reports/unverifiedPolicies',
          '/insurance/reports/visitLimits',
          '/practice/insurance',
          '/perclaim/setup',
          '/billing/claim/readyToSubmit',
          '/billing/claim/scrubProblem',
          '/billing/claim/problemERA',
          '/billing/claim/printPrimary',
        ]);
      }
    },
  );

  it.each([
    ['owner', true],
    ['manager', true],
    ['biller', true],
    ['therapist1', false],
    ['frontoffice', false],
    ['scheduler', false],
    ['client1', false],
    ['support', false],
  ])(
    '%s: the Billing area (open balances, open credits, reports, statements) %s',
    (username, has) => {
      const billing = buildNavigation(inputFor(username)).main.find((i) => i.id === 'billing');
      expect(Boolean(billing)).toBe(has);
      if (billing) {
        expect(billing).toMatchObject({ label: 'Billing', kind: 'route' });
        // Only pages that exist: the other billing pages join as they are built.
        expect(billing.children?.map((c) => [c.label, c.to])).toEqual([
          ['Open balances', '/billing/balance/openBalances'],
          ['Open credits', '/billing/balance/openCredits'],
          ['Charges', '/billing/charges/chargesReport'],
          ['Payments and refunds', '/billing/payments/paymentsAndRefunds'],
          ['Insurance payments', '/billing/payments/insurance'],
          ['Statements', '/billing/statement'],
          ['Statements report', '/billing/statement/statementsReport'],
          ['Virtual terminal', '/billing/virtualTerminal'],
        ]);
      }
    },
  );

  it('a therapist who may take payments but not bill finds only the virtual terminal', () => {
    const input = inputFor('therapist2');
    const authorities = [...input.user.authorities, 'customer.therapist.payment'];
    const billing = buildNavigation({ ...input, user: { ...input.user, authorities } }).main.find(
      (i) => i.id === 'billing',
    );
    expect(billing).toMatchObject({ to: '/billing/virtualTerminal' });
    expect(billing?.children?.map((c) => c.label)).toEqual(['Virtual terminal']);
  });

  it('hides the Insurance area when the practice has insurance off', () => {
    const input = inputFor('owner');
    const settings = input.settings && {
      ...input.settings,
      features: { ...input.settings.features, insurance: false },
    };
    expect(buildNavigation({ ...input, settings }).main.some((i) => i.id === 'insurance')).toBe(
      false,
    );
  });

  it.each([
    ['owner', true],
    ['therapist1', true],
    ['manager', false],
    ['biller', false],
  ])('%s: Reporting › Eligibility checks %s', (username, has) => {
    expect(mainIds(username).includes('reporting')).toBe(has);
  });

  it.each([
    ['client1', true],
    ['therapist1', false],
    ['owner', false],
  ])('%s: Book an appointment %s', (username, has) => {
    expect(mainIds(username).includes('self-schedule')).toBe(has);
  });

  it.each([
    ['manager', 'forms', true],
    ['frontoffice', 'forms', true],
    ['client1', 'forms', false],
    ['client1', 'my-forms', true],
    ['therapist1', 'my-forms', false],
    // A client's own balance and paying it (issue 19 item 4); staff take payments elsewhere.
    ['client1', 'my-billing', true],
    ['biller', 'my-billing', false],
  ])('%s: %s %s', (username, id, has) => {
    expect(mainIds(username).includes(id)).toBe(has);
  });

  it.each([
    [3, 3, '3 pending'],
    [0, undefined, undefined],
    [undefined, undefined, undefined],
  ])('Booking requests with %s pending: badge %s, read as %s', (pending, badge, words) => {
    const item = buildNavigation(
      inputFor('scheduler', { counts: { pendingBookingRequests: pending } }),
    ).main.find((i) => i.id === 'booking-requests');
    expect(item?.badge).toBe(badge);
    expect(item?.badgeLabel).toBe(words);
  });

  it.each([
    [5, 5, '5 not recorded'],
    [0, undefined, undefined],
    [undefined, undefined, undefined],
  ])('Attendance with %s past sessions unrecorded: badge %s, read as %s', (n, badge, words) => {
    const item = buildNavigation(
      inputFor('therapist1', { counts: { unrecordedAttendance: n } }),
    ).main.find((i) => i.id === 'attendance-to-record');
    expect(item).toMatchObject({ label: 'Attendance', kind: 'route', to: '/schedule/attendance' });
    expect(item?.badge).toBe(badge);
    expect(item?.badgeLabel).toBe(words);
  });

  it.each([
    ['therapist1', true],
    ['owner', false],
    ['biller', false],
  ])('%s: Notes to do %s', (username, has) => {
    expect(mainIds(username).includes('notes-to-do')).toBe(has);
  });

  it('keeps Notes to do off when the practice does not chart', () => {
    const input = inputFor('therapist1');
    const settings = input.settings && {
      ...input.settings,
      features: { ...input.settings.features, charting: false },
    };
    expect(buildNavigation({ ...input, settings }).main.some((i) => i.id === 'notes-to-do')).toBe(
      false,
    );
  });

  it('offers My Clients only to therapists', () => {
    const childIds = (username: string) =>
      buildNavigation(inputFor(username))
        .main.find((i) => i.id === 'clients')
        ?.children?.map((c) => c.id);
    expect(childIds('therapist1')).toContain('my-clients');
    expect(childIds('manager')).not.toContain('my-clients');
  });

  it('makes initials from first and last names', () => {
    expect(initialsOf('theresa', ' Quinn')).toBe('TQ');
  });
});

describe('account standing', () => {
  const row: AccountRow = {
    balanceCents: 0,
    cutoffDate: null,
    cardExpiresOn: '2027-01-01',
    cardUpdatedOn: '2026-11-21',
    lastPaymentDate: '2026-11-01',
    lastPaymentCents: 12900,
    responsibleUserId: 7,
  };

  it.each([
    [
      'good standing',
      row,
      {
        inGoodStanding: true,
        isCutOff: false,
        cardExpiresIn: 41,
        cardUpdatedToday: true,
        currentUserIsResponsibleParty: true,
      },
    ],
    [
      'past due before cut-off',
      { ...row, balanceCents: 5000, cutoffDate: '2026-12-01' },
      { inGoodStanding: false, isCutOff: false },
    ],
    [
      'past due on the cut-off date',
      { ...row, balanceCents: 5000, cutoffDate: '2026-11-21' },
      { inGoodStanding: false, isCutOff: true },
    ],
    [
      'someone else pays',
      { ...row, responsibleUserId: 8 },
      { currentUserIsResponsibleParty: false },
    ],
  ])('%s', (_label, account, expected) => {
    expect(accountStandingOf(account, 7, '2026-11-21')).toMatchObject(expected);
  });

  it.each([
    [{ ...row }, []],
    [{ ...row, cardExpiresOn: '2026-12-11' }, ['card-expiring']],
    [{ ...row, balanceCents: 100, cutoffDate: '2026-11-01' }, ['account-cut-off']],
    [{ ...row, balanceCents: 100, cutoffDate: null }, ['account-past-due']],
  ])('alerts for %j', (account, ids) => {
    expect(accountAlerts(accountStandingOf(account, 7, '2026-11-21')).map((a) => a.id)).toEqual(
      ids,
    );
  });

  it('is only for practice staff', () => {
    expect(buildNavigation(inputFor('client1', { account: row })).accountStanding).toBeNull();
    expect(buildNavigation(inputFor('owner', { account: row })).accountStanding).not.toBeNull();
  });
});
