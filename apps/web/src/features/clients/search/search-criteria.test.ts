import { describe, expect, it } from 'vitest';

import {
  chooseContext,
  countActiveFilters,
  defaultSort,
  EMPTY_FILTERS,
  pageRequest,
  toSearchQuery,
  type ClientSearchRequest,
} from './search-criteria';

const base: ClientSearchRequest = {
  search: '',
  context: 'all',
  filters: EMPTY_FILTERS,
  sortBy: 'name',
  sortDir: 'asc',
  limit: 50,
  offset: 0,
};

describe('toSearchQuery', () => {
  it('leaves out empty terms, so an unfiltered search sends only context, paging and sort', () => {
    expect(toSearchQuery(base)).toEqual({
      search: undefined,
      context: 'all',
      limit: 50,
      offset: 0,
      sortBy: 'name',
      sortDir: 'asc',
      includeTotal: undefined,
      omitGroups: undefined,
      therapistIds: undefined,
      clientStatuses: undefined,
      primaryInsuranceIds: undefined,
      secondaryInsuranceIds: undefined,
      groupIds: undefined,
      privatePay: undefined,
      noInsurance: undefined,
      customSearchableId: undefined,
    });
  });

  it('sends lists comma-separated, flags as true and text trimmed', () => {
    const query = toSearchQuery({
      ...base,
      search: '  hamil ',
      includeTotal: true,
      filters: {
        therapistIds: [3, 5],
        clientStatuses: ['ACTIVE', 'WAITLIST'],
        primaryInsuranceIds: [1],
        secondaryInsuranceIds: [2, 4],
        groupIds: [9],
        privatePay: true,
        noInsurance: true,
        customSearchableId: ' RB-0001 ',
      },
    });
    expect(query).toMatchObject({
      search: 'hamil',
      includeTotal: true,
      therapistIds: '3,5',
      clientStatuses: 'ACTIVE,WAITLIST',
      primaryInsuranceIds: '1',
      secondaryInsuranceIds: '2,4',
      groupIds: '9',
      privatePay: true,
      noInsurance: true,
      customSearchableId: 'RB-0001',
    });
  });

  it('lets the server choose the context when none is given (the typeahead)', () => {
    expect(toSearchQuery({ ...base, context: undefined }).context).toBeUndefined();
  });

  it('reads as the query string the server parses', () => {
    const query = toSearchQuery({
      ...base,
      filters: { ...EMPTY_FILTERS, therapistIds: [3, 5], privatePay: true },
    });
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) params.set(key, String(value));
    expect(params.toString()).toBe(
      'context=all&limit=50&offset=0&sortBy=name&sortDir=asc&therapistIds=3%2C5&privatePay=true',
    );
  });
});

describe('pageRequest', () => {
  it('asks for 50 rows from the start of the page, with the total', () => {
    const terms = {
      search: 'x',
      context: 'all' as const,
      filters: EMPTY_FILTERS,
      ...defaultSort('allClients'),
    };
    expect(pageRequest(terms, 2)).toEqual({ ...terms, limit: 50, offset: 100, includeTotal: true });
  });
});

describe('countActiveFilters', () => {
  it('counts each filter that is set once', () => {
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    expect(
      countActiveFilters({
        ...EMPTY_FILTERS,
        therapistIds: [1, 2],
        noInsurance: true,
        customSearchableId: '  ',
      }),
    ).toBe(2);
  });
});

describe('chooseContext', () => {
  it('starts each route in its own context when the server offers it', () => {
    expect(chooseContext('allClients', ['my', 'all'])).toBe('all');
    expect(chooseContext('myClients', ['my', 'all'])).toBe('my');
    expect(chooseContext('newClients', ['my', 'all'])).toBe('all');
  });

  it('falls back to the first context offered', () => {
    expect(chooseContext('allClients', ['my', 'supervisees'])).toBe('my');
    expect(chooseContext('myClients', ['all'])).toBe('all');
    expect(chooseContext('myClients', [])).toBeNull();
  });

  it('keeps a remembered context only while it is still offered', () => {
    expect(chooseContext('allClients', ['my', 'all', 'supervisees'], 'supervisees')).toBe(
      'supervisees',
    );
    expect(chooseContext('allClients', ['my', 'all'], 'custodian')).toBe('all');
  });
});

describe('defaultSort', () => {
  it('sorts new clients by date added, newest first, and the others by name', () => {
    expect(defaultSort('newClients')).toEqual({ sortBy: 'added', sortDir: 'desc' });
    expect(defaultSort('allClients')).toEqual({ sortBy: 'name', sortDir: 'asc' });
  });
});
