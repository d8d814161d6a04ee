// `npm start` on a fresh clone: build the console once if it is missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Building the console (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
