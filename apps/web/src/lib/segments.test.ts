import { describe, expect, it } from 'vitest';

import { exactSegments, idSegment, idSegments, optionalSegments, splitSegments } from './segments.ts';

describe('splitSegments', () => {
  it('splits and decodes, dropping empty parts', () => {
    expect(splitSegments('12/abc%20d/')).toEqual(['12', 'abc d']);
    expect(splitSegments('a%40b.test')).toEqual(['a@b.test']);
  });
  it('gives no segments for an empty splat', () => {
    expect(splitSegments(undefined)).toEqual([]);
    expect(splitSegments('')).toEqual([]);
  });
  it('is null for bad encoding', () => {
    expect(splitSegments('%E0%A4%A')).toBeNull();
  });
});

describe('exactSegments', () => {
  it('accepts exactly the count', () => {
    expect(exactSegments(['1', '2'], 2)).toEqual(['1', '2']);
  });
  it('refuses fewer or more', () => {
    expect(exactSegments(['1'], 2)).toBeNull();
    expect(exactSegments(['1', '2', '3'], 2)).toBeNull();
    expect(exactSegments(null, 0)).toBeNull();
  });
});

describe('optionalSegments', () => {
  it('pads missing optional segments', () => {
    expect(optionalSegments([], 2)).toEqual([undefined, undefined]);
    expect(optionalSegments(['a'], 2)).toEqual(['a', undefined]);
  });
  it('refuses too many or too few', () => {
    expect(optionalSegments(['a', 'b', 'c'], 2)).toBeNull();
    expect(optionalSegments([], 2, 1)).toBeNull();
  });
});

describe('idSegment', () => {
  it('accepts positive integers', () => {
    expect(idSegment('1')).toBe(1);
    expect(idSegment('2147483647')).toBe(2147483647);
  });
  it('refuses anything else', () => {
    for (const bad of [undefined, '', '0', '-1', '1.5', '12abc', '01', ' 1', '2147483648', '99999999999']) {
      expect(idSegment(bad)).toBeNull();
    }
  });
  it('checks several ids at once', () => {
    expect(idSegments(['4', '9'])).toEqual([4, 9]);
    expect(idSegments(['4', 'x'])).toBeNull();
  });
});
