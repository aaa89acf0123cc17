import { describe, expect, it } from 'vitest';
import { apiQueryOf, listStateToParams, pageOfRows, parseListState } from './list-state';

const spec = { sorts: ['name', 'createdAt'], filters: ['status', 'vpcUuid'] };

describe('list state in the address', () => {
  it('round-trips page, size, sort, search and filters through the query', () => {
    const state = {
      page: 3,
      limit: 50,
      sort: 'createdAt',
      orderby: 'desc' as const,
      search: 'web 01',
      filters: { vpcUuid: 'v-1', status: '1' },
    };
    const params = listStateToParams(state);
    expect(params.toString()).toBe(
      'page=3&limit=50&sort=createdAt&orderby=desc&search=web+01&status=1&vpcUuid=v-1',
    );
    expect(parseListState(new URLSearchParams(params.toString()), spec)).toEqual(state);
  });

  it('leaves defaults out, so a plain list has a plain address', () => {
    expect(listStateToParams(parseListState(new URLSearchParams(''), spec)).toString()).toBe('');
    // "All" is a page size of its own (0), kept in the address.
    expect(listStateToParams({ page: 0, limit: 0, search: '', filters: {} }).toString()).toBe('limit=0');
  });

  it('falls back to defaults for what the list does not declare or allow', () => {
    const state = parseListState(
      new URLSearchParams('page=-2&limit=7&sort=password&orderby=desc&secret=1&status=0'),
      spec,
    );
    expect(state).toEqual({
      page: 0,
      limit: 10,
      sort: undefined,
      orderby: undefined,
      search: '',
      filters: { status: '0' },
    });
  });

  it('sends the state with the filters the page fixes, which win', () => {
    const state = parseListState(new URLSearchParams('search=%20db%20&vpcUuid=a'), spec);
    expect(apiQueryOf(state, { vpcUuid: 'fixed' })).toEqual({
      page: 0,
      limit: 10,
      sort: undefined,
      orderby: undefined,
      search: 'db',
      vpcUuid: 'fixed',
    });
  });
});

describe('a page of rows held whole', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);

  it('is the state’s slice, with the total of every row', () => {
    expect(pageOfRows(rows, { page: 2, limit: 10 })).toEqual({
      records: [20, 21, 22],
      total: 23,
      page: 2,
      limit: 10,
    });
    expect(pageOfRows(rows, { page: 0, limit: 10 }).records).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('is every row when the size is all (0)', () => {
    expect(pageOfRows(rows, { page: 0, limit: 0 }).records).toHaveLength(23);
  });
});
