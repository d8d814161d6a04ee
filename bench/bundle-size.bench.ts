/**
 * Bundle budget: gzip sizes of the console's JavaScript as `vite build` left it in apps/web/dist.
 * "Initial" is what the first paint of any route loads (the entry script, its modulepreloads and
 * their static imports); each route then adds its lazy chunk and the shared chunks it imports
 * that the initial load does not already hold. The budget is 200 KB gzip for the initial JS.
 * Run: npm run build && node --import tsx bench/bundle-size.bench.ts
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const ASSETS = join(DIST, 'assets');
const INITIAL_BUDGET_KB = 200;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;
}

/** Static imports of a chunk (`import ... from "./x.js"`, `import "./x.js"`), not `import()`. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/** The chunk and everything it statically imports, transitively. */
function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(join(ASSETS, file))) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const total = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSize(file), 0);

export async function run(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('apps/web/dist is missing: run `npm run build` first.');
    return;
  }
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const initial = closure(entryFiles);
  const css = readdirSync(ASSETS).filter((file) => file.endsWith('.css'));
  const initialBytes = total(initial);
  console.log(
    `initial JS: ${kb(initialBytes)} gzip in ${initial.size} file(s) (budget ${INITIAL_BUDGET_KB} KB: ${
      initialBytes <= INITIAL_BUDGET_KB * 1024 ? 'within' : 'OVER'
    }); CSS ${kb(total(css))} gzip`,
  );

  const routes = readdirSync(ASSETS)
    .filter((file) => /-route-[\w-]+\.js$/.test(file))
    .sort();
  console.log('per route, on top of the initial load (lazy chunk + shared chunks it adds):');
  for (const route of routes) {
    const added = [...closure([route])].filter((file) => !initial.has(file));
    const name = route.replace(/-route-[\w-]+\.js$/, '');
    console.log(
      `  ${name.padEnd(14)} ${kb(total(added)).padStart(9)} gzip  (${added.length} file(s); route chunk ${kb(gzipSize(route))})`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
