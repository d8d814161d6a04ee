import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * `npm run bench` runs every `bench/*.bench.ts`; `npm run bench -- --only NAME` runs one.
 * Each module exports `run()`, which prints its own throughput and ratios.
 */
interface BenchModule {
  run: () => Promise<void>;
}

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const { values } = parseArgs({
  options: { only: { type: 'string', multiple: true } },
  allowPositionals: false,
});
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const selected = values.only ?? available;
const unknown = selected.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

for (const name of selected) {
  console.log(`\n== ${name}`);
  const module = (await import(pathToFileURL(`${benchDir}/${name}.bench.ts`).href)) as BenchModule;
  const started = performance.now();
  await module.run();
  console.log(`(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
