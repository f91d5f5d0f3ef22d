import { describe, expect, it } from 'vitest';

import { everyInterval } from './ProductShell.tsx';

describe('everyInterval', () => {
  it('names a feed interval the way the stale-data notice says it', () => {
    expect(everyInterval(300)).toBe('5 minutes');
    expect(everyInterval(3600)).toBe('hour');
    expect(everyInterval(7200)).toBe('2 hours');
    expect(everyInterval(86400)).toBe('day');
    expect(everyInterval(90)).toBe('90 seconds');
  });
});
