import { describe, expect, it } from 'vitest';
import {
  defaultLocationOf,
  feeFor,
  isServiceCode,
  isHexColour,
  isLocationBookableOn,
  isLocationClosedOn,
  locationClosedMessage,
  servicesOfferedBy,
  type PlaceLocation,
} from './practice-places.ts';

const loc = (over: Partial<PlaceLocation> & { id: number; name: string }): PlaceLocation => ({
  isDefault: false,
  active: true,
  closesOn: null,
  ...over,
});

const DAY = '2026-06-15';

describe('the default location (spec-2 §9: falls back to the location named main)', () => {
  it.each<[string, PlaceLocation[], number | null]>([
    [
      'the one marked default',
      [loc({ id: 1, name: 'Main' }), loc({ id: 2, name: 'West', isDefault: true })],
      2,
    ],
    [
      'no default: the one named main',
      [loc({ id: 1, name: 'West' }), loc({ id: 2, name: 'main' })],
      2,
    ],
    ['main in any case and spacing', [loc({ id: 3, name: '  MAIN ' })], 3],
    ['a name only containing main is not main', [loc({ id: 1, name: 'Main Office' })], null],
    ['no default, no main: none', [loc({ id: 1, name: 'West' })], null],
    ['no locations: none', [], null],
    [
      'an inactive default falls back to main',
      [loc({ id: 1, name: 'West', isDefault: true, active: false }), loc({ id: 2, name: 'Main' })],
      2,
    ],
    [
      'a default closed by the day falls back to main',
      [loc({ id: 1, name: 'West', isDefault: true, closesOn: DAY }), loc({ id: 2, name: 'Main' })],
      2,
    ],
    [
      'a default closing after the day is still the default',
      [
        loc({ id: 1, name: 'West', isDefault: true, closesOn: '2026-06-16' }),
        loc({ id: 2, name: 'Main' }),
      ],
      1,
    ],
    ['an inactive main is no fallback', [loc({ id: 2, name: 'Main', active: false })], null],
    [
      'two marked default: the oldest',
      [loc({ id: 5, name: 'B', isDefault: true }), loc({ id: 4, name: 'A', isDefault: true })],
      4,
    ],
  ])('%s', (_label, locations, expected) => {
    expect(defaultLocationOf(locations, DAY)?.id ?? null).toBe(expected);
  });
});

describe('closing a location', () => {
  it.each<[string | null, string, boolean]>([
    [null, DAY, false],
    ['2026-06-16', DAY, false],
    [DAY, DAY, true],
    ['2026-06-01', DAY, true],
  ])('closing %s, booking on %s: closed %s', (closesOn, day, closed) => {
    expect(isLocationClosedOn({ closesOn }, day)).toBe(closed);
    expect(isLocationBookableOn(loc({ id: 1, name: 'X', closesOn }), day)).toBe(!closed);
  });

  it('an inactive location is never bookable', () => {
    expect(isLocationBookableOn(loc({ id: 1, name: 'X', active: false }), DAY)).toBe(false);
  });

  it('says where and from when', () => {
    expect(locationClosedMessage({ name: 'Westside Office', closesOn: '2026-07-01' })).toBe(
      'Westside Office is closed from 07/01/2026. Choose another location or an earlier day.',
    );
  });
});

describe('services a therapist offers', () => {
  const services = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it.each<[number[], number[]]>([
    [[], [1, 2, 3]],
    [[2], [2]],
    [
      [3, 1],
      [1, 3],
    ],
    [[9], []],
  ])('offerings %j suggest %j', (offered, expected) => {
    expect(servicesOfferedBy(services, offered).map((s) => s.id)).toEqual(expected);
  });
});

describe('fees and codes', () => {
  it.each<[{ productId: number; feeCents: number }[], number]>([
    [[], 13000],
    [[{ productId: 7, feeCents: 9500 }], 9500],
    [[{ productId: 8, feeCents: 9500 }], 13000],
    [[{ productId: 7, feeCents: 0 }], 0],
  ])('payer fees %j give %i cents', (fees, cents) => {
    expect(feeFor({ id: 7, feeCents: 13000 }, fees)).toBe(cents);
  });

  it.each<[string, boolean]>([
    ['90837', true],
    ['0362T', true],
    ['H0031', true],
    ['9083', false],
    ['908377', false],
    ['h0031', false],
    ['', false],
  ])('CPT code %j valid: %s', (code, ok) => {
    expect(isServiceCode(code)).toBe(ok);
  });

  it.each<[string, boolean]>([
    ['#1E88E5', true],
    ['#1e88e5', true],
    ['1E88E5', false],
    ['#1E88E', false],
    ['red', false],
  ])('colour %j valid: %s', (value, ok) => {
    expect(isHexColour(value)).toBe(ok);
  });
});
