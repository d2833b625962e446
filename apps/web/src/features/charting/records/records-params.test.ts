import { describe, expect, it } from 'vitest';

import { paramsOf, queryOf, viewOf } from './records-params';

describe('the records list in the address', () => {
  it('reads filters and page, ignoring what it does not know', () => {
    const view = viewOf(new URLSearchParams('therapist=3&type=addendum&page=2&size=25'));
    expect(view).toEqual({ therapistId: 3, type: 'addendum', page: 1, size: 25 });
    expect(queryOf(view)).toEqual({ therapistId: 3, type: 'addendum', limit: 25, offset: 25 });
    expect(viewOf(new URLSearchParams('therapist=x&type=chart&page=0&size=7'))).toEqual({
      therapistId: null,
      type: null,
      page: 0,
      size: 50,
    });
  });

  it('writes only what differs from the first page of everything', () => {
    expect(paramsOf({ therapistId: null, type: null, page: 0, size: 50 })).toEqual({});
    expect(paramsOf({ therapistId: 4, type: 'note', page: 2, size: 100 })).toEqual({
      therapist: '4',
      type: 'note',
      page: '3',
      size: '100',
    });
  });
});
