import { describe, expect, it } from 'vitest';
import { apiQueryOf, listStateToParams, parseListState } from './list-state';

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
