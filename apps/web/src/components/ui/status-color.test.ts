import { describe, expect, it } from 'vitest';

import { statusColor } from './status-color.ts';

describe('statusColor', () => {
  it('colours closed and canceled green', () => {
    expect(statusColor('Closed')).toBe('green');
    expect(statusColor('canceled')).toBe('green');
    expect(statusColor('Cancelled')).toBe('green');
  });
  it('colours postponed yellow', () => {
    expect(statusColor('Postponed')).toBe('yellow');
  });
  it('colours deferred to client red', () => {
    expect(statusColor('Deferred to Client')).toBe('red');
    expect(statusColor('deferred-to-client')).toBe('red');
  });
  it('colours anything else yellow', () => {
    expect(statusColor('Open')).toBe('yellow');
    expect(statusColor('In Progress')).toBe('yellow');
    expect(statusColor('')).toBe('yellow');
    expect(statusColor(null)).toBe('yellow');
  });
});
