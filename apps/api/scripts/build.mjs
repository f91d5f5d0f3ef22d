// Compiles the API into apps/api/dist: one ESM bundle of our code (the contract included) with source
// maps, for plain `node`. npm packages stay external: native (argon2), WebAssembly (PGlite) and
// pino's workers load their own files. The SQL migrations are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const api = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(api, 'dist');
const pkg = JSON.parse(readFileSync(join(api, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    server: join(api, 'src/server.ts'),
    worker: join(api, 'src/worker.ts'),
    'staff-cli': join(api, 'src/cli/staff.ts'),
    'backup-cli': join(api, 'src/cli/backup.ts'),
    'integration-token-cli': join(api, 'src/modules/integration/token-cli.ts'),
    'import-cli': join(api, 'src/modules/integration/import-cli.ts'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled CommonJS code may still call require().
  banner: {
    js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
  },
});
cpSync(join(api, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
console.log(`API built into ${out} in ${Date.now() - started} ms`);
