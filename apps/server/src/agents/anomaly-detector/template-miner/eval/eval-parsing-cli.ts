import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TemplateMinerOptions } from '../template-miner';
import { loghubDatasets, readDatasetList, type DatasetSpec } from './datasets';
import { evaluateDataset, type DatasetResult } from './evaluate-dataset';

export interface EvalParsingIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** The repository root; the default datasets live in `../shared/datasets/loghub` from it. */
  repoRoot: string;
}

export interface EvalSummary {
  datasets: { name: string; GA: number; PA: number; FGA: number; templates: number }[];
  mean: { GA: number; PA: number; FGA: number };
}

const USAGE = `usage: eval-parsing [--datasets FILE.json] [--json]
  --datasets FILE.json  a list of {name, log, format, structured, structured_corrected}
                        (default: the ten Loghub 2k sets in $VIGIL_DATASETS_DIR or ../shared/datasets/loghub)
  --json                print one JSON document instead of a table`;

/** Runs the evaluation and returns the process exit code. */
export function runEvalParsing(
  argv: readonly string[],
  io: EvalParsingIo,
  options?: TemplateMinerOptions,
): number {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        datasets: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  let specs: DatasetSpec[];
  try {
    specs = args.datasets
      ? readDatasetList(args.datasets)
      : loghubDatasets(
          io.env.VIGIL_DATASETS_DIR ?? join(io.repoRoot, '..', 'shared', 'datasets', 'loghub'),
        );
    const results = specs.map((spec) => evaluateDataset(spec, options));
    const summary = summarise(results);
    io.stdout(args.json ? `${JSON.stringify(summary, null, 2)}\n` : formatTable(results, summary));
    return 0;
  } catch (error) {
    io.stderr(`eval-parsing: ${(error as Error).message}\n`);
    return 1;
  }
}

export function summarise(results: readonly DatasetResult[]): EvalSummary {
  const mean = (pick: (r: DatasetResult) => number) =>
    results.length === 0 ? 0 : round(results.reduce((sum, r) => sum + pick(r), 0) / results.length);
  return {
    datasets: results.map((r) => ({
      name: r.name,
      GA: round(r.GA),
      PA: round(r.PA),
      FGA: round(r.FGA),
      templates: r.templates,
    })),
    mean: { GA: mean((r) => r.GA), PA: mean((r) => r.PA), FGA: mean((r) => r.FGA) },
  };
}

function formatTable(results: readonly DatasetResult[], summary: EvalSummary): string {
  const rows = results.map((r) => [
    r.name,
    fixed(r.GA),
    fixed(r.PA),
    fixed(r.FGA),
    `${r.templates} / ${r.truthTemplates}`,
  ]);
  rows.push(['mean', fixed(summary.mean.GA), fixed(summary.mean.PA), fixed(summary.mean.FGA), '']);
  const header = ['dataset', 'GA', 'PA', 'FGA', 'templates (mined / true)'];
  const widths = header.map((title, col) =>
    Math.max(title.length, ...rows.map((row) => (row[col] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, col) => cell.padEnd(widths[col] ?? 0))
      .join('  ')
      .trimEnd();
  return (
    [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n'
  );
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function fixed(value: number): string {
  return value.toFixed(3);
}
