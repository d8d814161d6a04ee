import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvalParsing, type EvalParsingIo } from './eval-parsing-cli';

/** A tiny labelled dataset: two templates, one line whose true template is empty (not scored). */
function writeDataset(dir: string): string {
  const lines = [
    ['INFO', 'Received block blk_1 of size 10', 'E1', 'Received block <*> of size <*>'],
    ['INFO', 'Received block blk_2 of size 20', 'E1', 'Received block <*> of size <*>'],
    ['WARN', 'Deleting block blk_3 file /data/a', 'E2', 'Deleting block <*> file <*>'],
    ['WARN', 'Deleting block blk_4 file /data/b', 'E2', 'Deleting block <*> file <*>'],
    ['INFO', 'unlabelled line', '', ''],
  ];
  writeFileSync(
    join(dir, 'tiny.log'),
    lines.map(([level, content]) => `${level}  ${content}`).join('\n') + '\n',
  );
  const csv = (rows: string[][]) =>
    [
      'LineId,Level,Content,EventId,EventTemplate',
      ...rows.map((r, i) => [i + 1, ...r].map((c) => `"${c}"`).join(',')),
    ].join('\n');
  writeFileSync(join(dir, 'tiny_structured.csv'), csv(lines));
  writeFileSync(join(dir, 'tiny_structured_corrected.csv'), csv(lines));
  const list = [
    {
      name: 'Tiny',
      log: 'tiny.log',
      format: '<Level> <Content>',
      structured: 'tiny_structured.csv',
      structured_corrected: join(dir, 'tiny_structured_corrected.csv'),
    },
  ];
  const file = join(dir, 'datasets.json');
  writeFileSync(file, JSON.stringify(list));
  return file;
}

function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: EvalParsingIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env,
    repoRoot: '/nonexistent/repo',
  };
  const code = runEvalParsing(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('runEvalParsing', () => {
  let dir = '';
  let datasets = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-eval-'));
    datasets = writeDataset(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON document with --json', () => {
    const { code, stdout } = run(['--datasets', datasets, '--json']);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as unknown;
    expect(summary).toEqual({
      datasets: [{ name: 'Tiny', GA: 1, PA: 1, FGA: 1, templates: 3 }],
      mean: { GA: 1, PA: 1, FGA: 1 },
    });
  });

  it('prints a table with the means by default', () => {
    const { code, stdout } = run(['--datasets', datasets]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^dataset\s+GA\s+PA\s+FGA/);
    expect(stdout).toMatch(/\nTiny\s+1\.000\s+1\.000\s+1\.000\s+3 \/ 2\n/);
    expect(stdout).toMatch(/\nmean\s+1\.000\s+1\.000\s+1\.000/);
  });

  it('rejects an unknown flag with the usage and exit code 2', () => {
    const { code, stderr } = run(['--nope']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/usage: eval-parsing/);
  });

  it('reads the default datasets from VIGIL_DATASETS_DIR', () => {
    const { code, stderr } = run([], { VIGIL_DATASETS_DIR: join(dir, 'missing') });
    expect(code).toBe(1);
    expect(stderr).toContain(join(dir, 'missing', 'Android', 'Android_2k.log'));
  });

  it('falls back to ../shared/datasets/loghub beside the repository', () => {
    const { stderr } = run([]);
    expect(stderr).toContain(join('/nonexistent', 'shared', 'datasets', 'loghub'));
  });
});
