/**
 * Scores the template miner on labelled log sets (GA, PA, FGA).
 * Run: npm run eval:parsing -- [--datasets FILE.json] [--json]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEvalParsing } from '../src/agents/anomaly-detector/template-miner/eval/eval-parsing-cli';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
process.exitCode = runEvalParsing(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  repoRoot,
});
