import { describe, expect, it } from 'vitest';

import { listViewParams, queryOf, readListView } from './list-view';

describe('the lists’ view in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(readListView(new URLSearchParams())).toEqual({
      therapistId: undefined,
      page: 0,
      pageSize: 50,
    });
  });

  it('round-trips a filter and a page', () => {
    const view = { therapistId: 4, page: 2, pageSize: 100 };
    expect(readListView(listViewParams(view))).toEqual(view);
    expect(queryOf(view)).toEqual({ therapistId: 4, limit: 100, offset: 200 });
  });

  it('ignores what is not a page size or an id', () => {
    expect(readListView(new URLSearchParams('pageSize=7&therapistId=x&page=-1'))).toEqual({
      therapistId: undefined,
      page: 0,
      pageSize: 50,
    });
  });
});
