// Lints the OpenAPI documents (the main one and the customer API's) generated from the contract with Spectral (.spectral.yaml: spectral:oas and
// the OWASP API Security rules), built in process (no server needed). Prints every error and a count of
// the warnings by rule; fails on any error. `npm run lint:openapi -- --all` prints the warnings too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { customerApiDocument, openApiDocument } from '../apps/api/src/plugins/openapi.ts';

interface Finding {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
try {
  // The main document, and the customer API document (decision 129) under the same rules.
  for (const [name, built] of [
    ['OpenAPI document', openApiDocument()],
    ['Customer API document', customerApiDocument()],
  ] as const) {
    const document = join(dir, 'openapi.json');
    const report = join(dir, 'report.json');
    writeFileSync(document, JSON.stringify(built, null, 2));
    const run = spawnSync(
      join(root, 'node_modules/.bin/spectral'),
      ['lint', document, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--output', report, '--quiet'],
      { encoding: 'utf8' },
    );
    if (run.error || run.stderr.trim()) throw new Error(`spectral did not run: ${run.error ?? run.stderr}`);
    const findings = JSON.parse(readFileSync(report, 'utf8')) as Finding[];
    const errors = findings.filter((f) => f.severity === 0);
    const warnings = findings.filter((f) => f.severity === 1);
    const shown = process.argv.includes('--all') ? [...errors, ...warnings] : errors;
    for (const f of shown)
      console.log(`${f.severity === 0 ? 'error' : 'warning'} ${f.code}: ${f.message}\n  at ${f.path.join('.')}`);
    const byRule = new Map<string, number>();
    for (const f of warnings) byRule.set(f.code, (byRule.get(f.code) ?? 0) + 1);
    console.log(`${name}: ${errors.length} errors, ${warnings.length} warnings`);
    for (const [rule, count] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`  ${count} warnings ${rule}`);
    if (errors.length) process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
