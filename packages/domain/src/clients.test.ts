import { describe, expect, it } from 'vitest';
import type { Authority } from './roles.ts';
import {
  PORTAL_STATUSES,
  filterEPrescribeCustomers,
  isClientInactiveForAll,
  isPortalAccountLocked,
  isPortalStatus,
  normaliseNoteText,
  showTherapistNameColumn,
  therapistsToShow,
  type EPrescribeCustomer,
  type EPrescribeCustomerFilter,
  type PortalLockState,
} from './clients.ts';

describe('isClientInactiveForAll', () => {
  it.each<[string, string[], boolean]>([
    ['all inactive', ['INACTIVE', 'INACTIVE'], true],
    ['one inactive', ['INACTIVE'], true],
    ['one still active', ['INACTIVE', 'ACTIVE'], false],
    ['all active', ['ACTIVE'], false],
    ['no statuses', [], false],
    ['case matters', ['inactive'], false],
  ])('%s -> %s', (_label, statuses, expected) => {
    const rows = statuses.map((status, i) => ({ therapistId: i, status }));
    expect(isClientInactiveForAll(rows)).toBe(expected);
  });
});

describe('normaliseNoteText', () => {
  it.each<[string | null | undefined, string | null]>([
    ['Call before visiting', 'Call before visiting'],
    ['  keep my spacing  ', '  keep my spacing  '],
    ['', null],
    ['   ', null],
    ['\n\t', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (text, expected) => {
    expect(normaliseNoteText(text)).toBe(expected);
  });
});

describe('portal statuses', () => {
  it('lists the account status values', () => {
    expect(PORTAL_STATUSES).toEqual([
      'INITIAL',
      'ACTIVATION_LINK_SENT',
      'PASSWORD_RESET_LINK_SENT',
      'PASSWORD_RESET_REQUIRED',
      'ENABLED',
      'DISABLED',
    ]);
  });

  it.each([
    ['ENABLED', true],
    ['PASSWORD_RESET_REQUIRED', true],
    ['enabled', false],
    ['LOCKED', false],
  ])('%s is a portal status: %s', (value, expected) => {
    expect(isPortalStatus(value)).toBe(expected);
  });
});

describe('isPortalAccountLocked', () => {
  const NOW = '2024-06-15T12:00:00';

  it.each<[string, PortalLockState, boolean]>([
    [
      'failed and lock in the future',
      { failedLoginCount: 3, loginLockExpiration: '2024-06-15T12:30:00' },
      true,
    ],
    [
      'failed but lock expired',
      { failedLoginCount: 3, loginLockExpiration: '2024-06-15T11:59:00' },
      false,
    ],
    ['lock expires exactly now', { failedLoginCount: 3, loginLockExpiration: NOW }, false],
    ['no failures', { failedLoginCount: 0, loginLockExpiration: '2024-06-16T00:00:00' }, false],
    ['no lock expiration', { failedLoginCount: 5, loginLockExpiration: null }, false],
    ['nothing known', {}, false],
    ['unreadable expiration', { failedLoginCount: 1, loginLockExpiration: 'soon' }, false],
  ])('%s -> %s', (_label, portal, expected) => {
    expect(isPortalAccountLocked(portal, NOW)).toBe(expected);
  });
});

describe('showTherapistNameColumn', () => {
  const manager: Authority[] = ['customer.manager'];
  const owner: Authority[] = ['customer.owner'];
  const scheduler: Authority[] = ['customer.frontoffice', 'customer.scheduler'];
  const therapist: Authority[] = ['customer.therapist'];

  it.each<[string, Authority[], number[], boolean]>([
    ['manager, no filter', manager, [], true],
    ['owner, no filter', owner, [], true],
    ['scheduler, no filter', scheduler, [], true],
    ['therapist, no filter', therapist, [], false],
    ['manager, one therapist filtered', manager, [7], false],
    ['scheduler, one therapist filtered', scheduler, [7], false],
    ['therapist, several filtered', therapist, [7, 8], true],
    ['manager, several filtered', manager, [7, 8], true],
  ])('%s -> %s', (_label, authorities, ids, expected) => {
    expect(showTherapistNameColumn(authorities, ids)).toBe(expected);
  });
});

describe('therapistsToShow', () => {
  const therapists = [
    { id: 1, active: true },
    { id: 2, active: false },
    { id: 3, active: true },
    { id: 4, active: false },
  ];

  it.each<[string, (number | string)[], number[]]>([
    ['none selected: active only', [], [1, 3]],
    ['inactive selection stays listed', [2], [1, 2, 3]],
    ['ids may arrive as text', ['4'], [1, 3, 4]],
    ['active selection adds nothing', [1], [1, 3]],
  ])('%s', (_label, selected, expectedIds) => {
    expect(therapistsToShow(therapists, selected).map((t) => t.id)).toEqual(expectedIds);
  });
});

describe('filterEPrescribeCustomers', () => {
  const customers: EPrescribeCustomer[] = [
    {
      customerId: 1,
      practiceName: 'Harbor Counseling',
      firstName: 'Ann',
      lastName: 'Lee',
      status: 'ACTIVE',
      controlledSubstances: true,
    },
    {
      customerId: 2,
      practiceName: 'Hillside Therapy',
      firstName: 'Bob',
      lastName: 'Leeds',
      status: 'PENDING',
      controlledSubstances: false,
    },
    {
      customerId: 3,
      practiceName: 'Ocean Health',
      firstName: 'Annabel',
      lastName: 'Smith',
      status: 'ACTIVE',
      controlledSubstances: false,
    },
  ];

  it.each<[string, EPrescribeCustomerFilter, number[]]>([
    ['no filter', {}, [1, 2, 3]],
    ['practice prefix, any case', { practiceName: 'h' }, [1, 2]],
    ['practice prefix longer', { practiceName: 'HARB' }, [1]],
    ['practice name inside is not a prefix', { practiceName: 'Therapy' }, []],
    ['first name prefix', { firstName: 'ann' }, [1, 3]],
    ['last name prefix', { lastName: 'Lee' }, [1, 2]],
    ['blank text ignored', { firstName: '  ', practiceName: '' }, [1, 2, 3]],
    ['status exact', { status: 'ACTIVE' }, [1, 3]],
    ['status is not a prefix', { status: 'ACT' }, []],
    ['status case matters', { status: 'active' }, []],
    ['empty status ignored', { status: '' }, [1, 2, 3]],
    ['controlled substances true', { controlledSubstances: true }, [1]],
    ['controlled substances false', { controlledSubstances: false }, [2, 3]],
    ['combined', { firstName: 'A', status: 'ACTIVE', controlledSubstances: false }, [3]],
  ])('%s', (_label, filter, expectedIds) => {
    expect(filterEPrescribeCustomers(customers, filter).map((c) => c.customerId)).toEqual(
      expectedIds,
    );
  });
});
