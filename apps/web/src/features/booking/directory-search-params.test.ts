import { describe, expect, it } from 'vitest';

import { filtersFromParams, paramsFromFilters, searchOf } from './directory-search-params';

describe('the directory filters in the address', () => {
  it('reads defaults from an empty address and writes nothing back', () => {
    const values = filtersFromParams(new URLSearchParams());
    expect(values).toEqual({
      text: '',
      specialty: '',
      locationId: '',
      telehealth: 'any',
      insurance: '',
      acceptingNewClients: false,
      page: 0,
    });
    expect(paramsFromFilters(values).toString()).toBe('');
    expect(searchOf(values, undefined)).toEqual({
      practiceId: undefined,
      text: undefined,
      specialty: undefined,
      locationId: undefined,
      telehealth: undefined,
      insurance: undefined,
      acceptingNewClients: undefined,
      offset: 0,
    });
  });

  it('round-trips every filter and turns it into the server search', () => {
    const params = new URLSearchParams(
      'text=okafor&specialty=Grief&locationId=3&telehealth=yes&insurance=Aetna&accepting=1&page=2',
    );
    const values = filtersFromParams(params);
    expect(paramsFromFilters(values).toString()).toBe(params.toString());
    expect(searchOf(values, 7)).toEqual({
      practiceId: 7,
      text: 'okafor',
      specialty: 'Grief',
      locationId: 3,
      telehealth: true,
      insurance: 'Aetna',
      acceptingNewClients: true,
      offset: 20,
    });
    expect(searchOf({ ...values, telehealth: 'no' }, 7).telehealth).toBe(false);
  });

  it('ignores values that cannot be right', () => {
    const values = filtersFromParams(
      new URLSearchParams('locationId=abc&telehealth=maybe&page=-1'),
    );
    expect(values).toMatchObject({ locationId: '', telehealth: 'any', page: 0 });
  });
});
