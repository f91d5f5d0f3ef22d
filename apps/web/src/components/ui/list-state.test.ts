import { describe, expect, it } from 'vitest';

import { nextSort, pagerState, readListState, writeListState } from './list-state.ts';

describe('sort cycle', () => {
  it('goes unsorted → ascending → descending → unsorted', () => {
    const unsorted = { sort: null, order: null };
    const asc = nextSort(unsorted, 'name');
    expect(asc).toEqual({ sort: 'name', order: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort(desc, 'name')).toEqual(unsorted);
  });
  it('starts ascending when another column is clicked', () => {
    expect(nextSort({ sort: 'name', order: 'desc' }, 'date')).toEqual({ sort: 'date', order: 'asc' });
  });
});

describe('pager', () => {
  it('hides first and previous on page 1', () => {
    expect(pagerState(1, 5)).toEqual({ shown: 1, first: false, previous: false, next: true, last: true });
  });
  it('hides next and last on the last page', () => {
    expect(pagerState(5, 5)).toEqual({ shown: 5, first: true, previous: true, next: false, last: false });
  });
  it('shows everything in the middle', () => {
    expect(pagerState(3, 5)).toEqual({ shown: 3, first: true, previous: true, next: true, last: true });
  });
  it('shows page 0 and no buttons with zero pages', () => {
    expect(pagerState(1, 0)).toEqual({ shown: 0, first: false, previous: false, next: false, last: false });
  });
  it('hides all buttons with a single page', () => {
    expect(pagerState(1, 1)).toEqual({ shown: 1, first: false, previous: false, next: false, last: false });
  });
  it('clamps a page past the end to the last page', () => {
    expect(pagerState(9, 3).shown).toBe(3);
  });
});

describe('list state in the query string', () => {
  it('reads defaults from an empty query', () => {
    expect(readListState(new URLSearchParams())).toEqual({ page: 1, sort: null, order: null, search: '' });
  });
  it('reads page, sort, order and search', () => {
    const state = readListState(new URLSearchParams('page=3&sort=name&order=desc&search=abc'));
    expect(state).toEqual({ page: 3, sort: 'name', order: 'desc', search: 'abc' });
  });
  it('ignores junk values', () => {
    expect(readListState(new URLSearchParams('page=-2&sort=name&order=up'))).toEqual({
      page: 1,
      sort: null,
      order: null,
      search: '',
    });
    expect(readListState(new URLSearchParams('page=2.5')).page).toBe(1);
  });
  it('writes only non-default values and keeps other parameters', () => {
    const params = writeListState(new URLSearchParams('accountId=7&page=4'), {
      page: 1,
      sort: 'date',
      order: 'asc',
      search: '  ',
    });
    expect(params.toString()).toBe('accountId=7&sort=date&order=asc');
  });
});
