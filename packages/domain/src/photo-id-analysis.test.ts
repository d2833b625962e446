import { describe, expect, it } from 'vitest';
import {
  chosenPhotoIdChanges,
  normalizePhotoIdAnalysis,
  photoIdProposedChanges,
  type PhotoIdAnalysis,
  type PhotoIdProfileValues,
} from './photo-id-analysis.ts';

const HOME = {
  addressLine1: '12 Harbor Road',
  addressLine2: 'Apt 3',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
};

const profile = (overrides: Partial<PhotoIdProfileValues> = {}): PhotoIdProfileValues => ({
  firstName: 'Margaret',
  middleName: 'Ann',
  lastName: 'Hamilton',
  dob: '1985-06-15',
  address: HOME,
  ...overrides,
});

const NOTHING: PhotoIdAnalysis = {
  firstName: null,
  middleName: null,
  lastName: null,
  dob: null,
  addressLine1: null,
  city: null,
  state: null,
  zipcode: null,
};
const analysis = (overrides: Partial<PhotoIdAnalysis>): PhotoIdAnalysis => ({
  ...NOTHING,
  ...overrides,
});

describe('photoIdProposedChanges: name', () => {
  it.each<[string, Partial<PhotoIdAnalysis>, Partial<PhotoIdProfileValues>, object | undefined]>([
    ['nothing analysed', {}, {}, undefined],
    ['first name only', { firstName: 'Maggie' }, {}, undefined],
    ['last name only', { lastName: 'Smith' }, {}, undefined],
    ['the same name', { firstName: 'Margaret', lastName: 'Hamilton' }, {}, undefined],
    [
      'the same name in capitals and with extra spaces',
      { firstName: 'MARGARET', middleName: ' ANN ', lastName: 'HAMILTON' },
      {},
      undefined,
    ],
    [
      'a new last name (the middle name stays when the ID has none)',
      { firstName: 'Margaret', lastName: 'Smith' },
      {},
      { firstName: 'Margaret', middleName: 'Ann', lastName: 'Smith' },
    ],
    [
      'a new middle name only',
      { firstName: 'Margaret', middleName: 'Eliza', lastName: 'Hamilton' },
      {},
      { firstName: 'Margaret', middleName: 'Eliza', lastName: 'Hamilton' },
    ],
    [
      'a middle name where the profile has none',
      { firstName: 'Margaret', middleName: 'Ann', lastName: 'Hamilton' },
      { middleName: null },
      { firstName: 'Margaret', middleName: 'Ann', lastName: 'Hamilton' },
    ],
  ])('%s', (_label, analysed, current, proposed) => {
    const changes = photoIdProposedChanges(profile(current), analysis(analysed));
    expect(changes.name?.proposed).toEqual(proposed);
    if (proposed) expect(changes.name?.current.lastName).toBe(profile(current).lastName);
  });
});

describe('photoIdProposedChanges: date of birth', () => {
  it.each<[string, string | null, string | null, boolean]>([
    ['none analysed', null, '1985-06-15', false],
    ['the same date', '1985-06-15', '1985-06-15', false],
    ['a different date', '1985-06-16', '1985-06-15', true],
    ['a date where the profile has none', '1985-06-15', null, true],
  ])('%s', (_label, analysed, current, changes) => {
    const result = photoIdProposedChanges(profile({ dob: current }), analysis({ dob: analysed }));
    expect(result.dob).toEqual(changes ? { current, proposed: analysed } : undefined);
  });
});

describe('photoIdProposedChanges: address', () => {
  const FULL = { addressLine1: '9 Elm Street', city: 'Bangor', state: 'ME', zipcode: '04401' };
  it.each<[string, Partial<PhotoIdAnalysis>, PhotoIdProfileValues['address'], boolean]>([
    ['a new address', FULL, HOME, true],
    ['a new address where the profile has none', FULL, null, true],
    ['without addressLine1', { ...FULL, addressLine1: null }, HOME, false],
    ['without a city', { ...FULL, city: null }, HOME, false],
    ['without a state', { ...FULL, state: null }, HOME, false],
    ['without a zipcode', { ...FULL, zipcode: null }, HOME, false],
    ['with a zipcode shorter than 5', { ...FULL, zipcode: '0440' }, HOME, false],
    [
      'the same address (case aside)',
      { addressLine1: '12 HARBOR ROAD', city: 'portland', state: 'ME', zipcode: '04101' },
      HOME,
      false,
    ],
    ['only the zipcode differs', { ...HOME, zipcode: '041011234' }, HOME, true],
  ])('%s', (_label, analysed, current, changes) => {
    const result = photoIdProposedChanges(profile({ address: current }), analysis(analysed));
    if (!changes) {
      expect(result.address).toBeUndefined();
      return;
    }
    expect(result.address?.current).toEqual(current);
    // The address update clears addressLine2 (spec-2 §4).
    expect(result.address?.proposed).toEqual({
      addressLine1: analysed.addressLine1,
      addressLine2: null,
      city: analysed.city,
      state: analysed.state,
      zipcode: analysed.zipcode,
    });
  });

  it('keeps addressLine2 when the analysed address is the same', () => {
    const same = analysis({
      addressLine1: HOME.addressLine1,
      city: 'Portland',
      state: 'ME',
      zipcode: '04101',
    });
    expect(photoIdProposedChanges(profile(), same)).toEqual({});
  });
});

describe('normalizePhotoIdAnalysis', () => {
  it.each<[string, unknown, Partial<PhotoIdAnalysis>]>([
    ['not an object', 'nonsense', {}],
    ['null', null, {}],
    [
      'a full answer, trimmed',
      {
        firstName: ' Margaret ',
        middleName: 'Ann',
        lastName: 'Hamilton  Smith',
        dob: '1985-06-15',
        addressLine1: '9 Elm Street',
        city: 'Bangor',
        state: 'me',
        zipcode: '04401-1234',
      },
      {
        firstName: 'Margaret',
        middleName: 'Ann',
        lastName: 'Hamilton Smith',
        dob: '1985-06-15',
        addressLine1: '9 Elm Street',
        city: 'Bangor',
        state: 'ME',
        zipcode: '044011234',
      },
    ],
    ['blank strings', { firstName: '  ', lastName: '' }, {}],
    ['numbers instead of text', { firstName: 12, zipcode: 4401 }, {}],
    ['an impossible date', { dob: '1985-02-30' }, {}],
    ['a date in another format', { dob: '06/15/1985' }, {}],
    ['a date after today', { dob: '2030-01-01' }, {}],
    ['a date before 1900', { dob: '1899-12-31' }, {}],
    ['a state name instead of a code', { state: 'Maine' }, {}],
    ['a six-digit zipcode', { zipcode: '044011' }, {}],
    ['an over-long name', { firstName: 'x'.repeat(61) }, {}],
  ])('%s', (_label, raw, expected) => {
    expect(normalizePhotoIdAnalysis(raw, '2026-03-10')).toEqual(analysis(expected));
  });
});

describe('chosenPhotoIdChanges', () => {
  const everything = photoIdProposedChanges(
    profile(),
    analysis({
      firstName: 'Maggie',
      lastName: 'Smith',
      dob: '1985-06-16',
      addressLine1: '9 Elm Street',
      city: 'Bangor',
      state: 'ME',
      zipcode: '04401',
    }),
  );
  it.each<[string, ('name' | 'dob' | 'address')[], string[]]>([
    ['all parts', ['name', 'dob', 'address'], ['name', 'dob', 'address']],
    ['one part', ['dob'], ['dob']],
    ['none', [], []],
  ])('%s', (_label, parts, keys) => {
    expect(Object.keys(chosenPhotoIdChanges(everything, parts))).toEqual(keys);
  });

  it('leaves out a chosen part that would change nothing', () => {
    const onlyDob = photoIdProposedChanges(profile(), analysis({ dob: '1985-06-16' }));
    expect(Object.keys(chosenPhotoIdChanges(onlyDob, ['name', 'dob']))).toEqual(['dob']);
  });
});
