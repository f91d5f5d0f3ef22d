import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

// __dirname: under happy-dom, import.meta.url is not a file URL.
const src = dirname(__dirname);
const stylesDir = join(src, '../../../node_modules/@mantine/core/styles');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

describe('mantine.css', () => {
  it('imports the styles of every styled Mantine component the pages import (decision 105)', () => {
    const listed = readFileSync(join(src, 'app/mantine.css'), 'utf8');
    const used = new Set<string>();
    for (const file of sources(src)) {
      for (const [, names] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from '@mantine\/core'/g)) {
        for (const name of names!.split(',').map((n) => n.trim()))
          if (/^[A-Z]\w*$/.test(name) && existsSync(join(stylesDir, `${name}.css`))) used.add(name);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((name) => !listed.includes(`@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });
});
