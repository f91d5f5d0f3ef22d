// Runs npm scripts at the same time and fails when any of them fails (decisions 104 and 119). Each
// script's output is printed whole when it ends, so the logs do not interleave. `npm test` runs the
// browser tests (after the build), the unit and API tests, lint and typecheck this way: the browser and
// API tests mostly wait (redirects, scrapes, the database server), and lint and typecheck, single-threaded
// and with no timeouts, run after `--background` at a lower CPU priority (nice 10), taking what the tests
// leave idle instead of slowing their timed steps.
//   node scripts/parallel.mjs test:e2e test:unit --background lint typecheck
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const split = args.indexOf('--background');
const names = split === -1 ? args : args.filter((_, i) => i !== split);
const background = new Set(split === -1 ? [] : args.slice(split + 1));
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs SCRIPT... [--background SCRIPT...]');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const [command, commandArgs] = background.has(name)
      ? ['nice', ['-n', '10', 'npm', 'run', name]]
      : ['npm', ['run', name]];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
      process.stdout.write(`\n=== npm run ${name}: ${verdict} in ${seconds} s ===\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code === 0);
    });
  });

const results = await Promise.all(names.map(run));
const failed = names.filter((_, i) => !results[i]);
if (failed.length) {
  console.error(`\nFailed: ${failed.map((n) => `npm run ${n}`).join(', ')}`);
  process.exit(1);
}
