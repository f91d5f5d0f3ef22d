import { tickets } from '@portal/contract';
import { describe, expect, it } from 'vitest';

import { acceptedExtensions, checkAttachment } from './attachment-rules.ts';

describe('attachment checks in the browser (the same rules as the API)', () => {
  it('takes the allowed types up to 10 MB', () => {
    expect(checkAttachment({ name: 'Report.PDF', size: 1000 })).toBeNull();
    expect(checkAttachment({ name: 'trace.log', size: tickets.attachmentLimits.maxBytes })).toBeNull();
    expect(acceptedExtensions).toContain('.xlsx');
  });

  it('refuses other types, oversized and empty files with the API messages', () => {
    expect(checkAttachment({ name: 'setup.exe', size: 10 })).toBe(tickets.attachmentMessages.type('setup.exe'));
    expect(checkAttachment({ name: 'noext', size: 10 })).toBe(tickets.attachmentMessages.type('noext'));
    expect(checkAttachment({ name: 'big.zip', size: tickets.attachmentLimits.maxBytes + 1 })).toBe(
      tickets.attachmentMessages.tooLarge('big.zip'),
    );
    expect(checkAttachment({ name: 'empty.txt', size: 0 })).toBe(tickets.attachmentMessages.empty('empty.txt'));
  });
});
