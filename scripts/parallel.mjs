// Runs npm scripts at the same time and fails when any of them fails (decision 104): `npm test` runs
// lint, typecheck and build this way, each a single-threaded Node process that would leave the second
// core idle. Each script's output is printed whole when it ends, so the logs do not interleave.
//   node scripts/parallel.mjs lint typecheck build
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs SCRIPT...');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
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
