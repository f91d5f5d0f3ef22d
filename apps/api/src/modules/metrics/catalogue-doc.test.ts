// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { catalogueMarkdown } from './catalogue-doc.ts';
import { metrics, pages } from './catalogue.ts';

const doc = fileURLToPath(new URL('../../../../../docs/metrics-catalogue.md', import.meta.url));

describe('docs/metrics-catalogue.md', () => {
  it('is what the catalogue generates (run npm run metrics-catalogue after changing what a page reads)', () => {
    expect(readFileSync(doc, 'utf8')).toBe(catalogueMarkdown());
  });

  it('lists every metric a page reads, and each with its page', () => {
    const text = catalogueMarkdown();
    for (const [controller, page] of Object.entries(pages)) {
      expect(text).toContain(`(\`${controller}\``);
      for (const m of page.series) expect(text).toContain(`| \`${m.name}\` |`);
    }
    expect(text).toContain('| `if_in_octets` | octets (bytes); stored per second | `object_key` | counter | peak |');
    expect(Object.keys(metrics)).toContain('usage');
    // Each kind with the attributes the product-objects item schema takes for it.
    expect(text).toContain(
      '`network_interface` (key: the SNMP interface id (snmpinterface_id); product-objects attributes: `name`, `alias` (optional), `snmpiftype`, `speed_bps`)',
    );
    expect(text).toContain('`storage_profile` (key: the storage profile name; product-objects attributes: none)');
  });
});
