// Before `npm start` (and `npm run staff`): build what is missing or older than its sources, so a
// fresh clone and a pulled change both run the current code with plain `node`.
//   node scripts/ensure-build.mjs [web] [api]   (both when none is named)
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const targets = {
  web: {
    // The server-rendering module is built last (decision 108).
    output: 'apps/web/dist/server/entry-server.js',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    command: 'npm run build -w @portal/web',
  },
  api: {
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/scripts', 'apps/api/package.json', 'packages/contract/src'],
    command: 'npm run build -w @portal/api',
  },
};

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const named = process.argv.slice(2);
for (const [name, target] of Object.entries(targets)) {
  if (named.length && !named.includes(name)) continue;
  const output = join(root, target.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...target.sources.map((s) => newest(join(root, s))));
  if (built && built >= changed) continue;
  // On standard error, so a command's own output (a token secret) can still be captured alone.
  console.error(built ? `Rebuilding the ${name} (sources changed)...` : `Building the ${name} (first start)...`);
  execSync(target.command, { cwd: root, stdio: [0, 2, 2] });
}
