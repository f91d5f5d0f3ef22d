import { describe, expect, it } from 'vitest';

import { parseInquiryRoute } from './inquiry-route.ts';

describe('parseInquiryRoute', () => {
  it('reads type, display and the optional value', () => {
    expect(parseInquiryRoute(['pending', 'ORD-1001', '42'])).toEqual({
      type: 'pending',
      display: 'ORD-1001',
      value: '42',
    });
    expect(parseInquiryRoute(['notification', 'CMC-7'])).toEqual({ type: 'notification', display: 'CMC-7' });
    expect(parseInquiryRoute(['ticket', 'TT-9', '12'])).toEqual({ type: 'ticket', display: 'TT-9', value: '12' });
    expect(parseInquiryRoute(['feedback'])).toEqual({ type: 'feedback', display: '' });
  });

  it('refuses no segments, an unknown type, a missing display and extra segments', () => {
    expect(parseInquiryRoute([])).toBeNull();
    expect(parseInquiryRoute(['complaint', 'x'])).toBeNull();
    expect(parseInquiryRoute(['pending'])).toBeNull();
    expect(parseInquiryRoute(['ticket', ' '])).toBeNull();
    expect(parseInquiryRoute(['pending', 'a', 'b', 'c'])).toBeNull();
  });
});
