// `npm start` on a fresh clone: build the web app once if it has not been built yet.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Building the web app (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
