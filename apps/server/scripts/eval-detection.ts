/**
 * Evaluates the detection ensemble on the Loghub 2k samples.
 *
 *   node --import tsx apps/server/scripts/eval-detection.ts [--json] [--verbose] [--only BGL]
 *
 * BGL carries labels: the label column is cut off before the detector sees the line and is used only
 * for the final line-level precision / recall / F1. The other nine sets have no labels; for them the
 * share of lines flagged is a false-alarm sanity check. One detector configuration for every set.
 * `VIGIL_DATASETS_DIR` overrides the dataset folder (default: ../shared/datasets/loghub from the repo root).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogRecord } from '../src/ingest/records';
import type { MinedEvent } from '../src/agents/anomaly-detector/mined-event';
import { DEFAULT_DETECTOR_CONFIG } from '../src/agents/anomaly-detector/ensemble/detector-config';
import { createEnsemble } from '../src/agents/anomaly-detector/ensemble/ensemble';
import { severityNumberFor } from '../src/ingest/severity';
import {
  createTemplateMiner,
  type TemplateMiner,
} from '../src/agents/anomaly-detector/template-miner/template-miner';
import {
  compileLogFormat,
  parseLogLine,
} from '../src/agents/anomaly-detector/template-miner/eval/log-format';

type Fields = Record<string, string>;

interface DatasetSpec {
  name: string;
  /** Loghub header format of the line as the detector sees it (BGL: without the label). */
  format: string;
  time(f: Fields): number;
  level?: string;
  component?: string;
  host?: string;
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
const month = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase());
const num = (text: string | undefined): number => Number.parseInt(text ?? '0', 10);
const utc = (y: number, mo: number, d: number, h: number, mi: number, s: number, ms = 0): number =>
  Date.UTC(y, mo, d, h, mi, s, ms);
/** "HH:MM:SS(.fff|,fff)" → [h, m, s, ms]. */
const clock = (text: string | undefined): [number, number, number, number] => {
  const [h, m, s, frac] = (text ?? '').split(/[:.,]/);
  return [num(h), num(m), num(s), Math.round(Number(`0.${frac ?? '0'}`) * 1000)];
};
const isoDay = (date: string | undefined): [number, number, number] => {
  const [y, m, d] = (date ?? '').split(/[-/.]/).map(num);
  return [y ?? 1970, (m ?? 1) - 1, d ?? 1];
};

const DATASETS: DatasetSpec[] = [
  {
    name: 'BGL',
    format: '<Timestamp> <Date> <Node> <Time> <NodeRepeat> <Type> <Component> <Level> <Content>',
    time: (f) => {
      const [y, mo, d, h, mi, s, us] = (f.Time ?? '').split(/[-.]/).map(num);
      return utc(
        y ?? 1970,
        (mo ?? 1) - 1,
        d ?? 1,
        h ?? 0,
        mi ?? 0,
        s ?? 0,
        Math.round((us ?? 0) / 1000),
      );
    },
    level: 'Level',
    component: 'Component',
    host: 'Node',
  },
  {
    name: 'Android',
    format: '<Date> <Time>  <Pid>  <Tid> <Level> <Component>: <Content>',
    time: (f) => {
      const [mo, d] = (f.Date ?? '').split('-').map(num);
      return utc(2017, (mo ?? 1) - 1, d ?? 1, ...clock(f.Time));
    },
    level: 'Level',
    component: 'Component',
  },
  {
    name: 'Apache',
    format: '\\[<Time>\\] \\[<Level>\\] <Content>',
    time: (f) => {
      const [, mon, d, hms, y] = (f.Time ?? '').split(/\s+/);
      return utc(num(y), month(mon ?? ''), num(d), ...clock(hms));
    },
    level: 'Level',
  },
  {
    name: 'HDFS',
    format: '<Date> <Time> <Pid> <Level> <Component>: <Content>',
    time: (f) => {
      const [d, t] = [f.Date ?? '000000', f.Time ?? '000000'];
      return utc(
        2000 + num(d.slice(0, 2)),
        num(d.slice(2, 4)) - 1,
        num(d.slice(4)),
        num(t.slice(0, 2)),
        num(t.slice(2, 4)),
        num(t.slice(4)),
      );
    },
    level: 'Level',
    component: 'Component',
  },
  {
    name: 'HPC',
    format: '<LogId> <Node> <Component> <State> <Time> <Flag> <Content>',
    time: (f) => num(f.Time) * 1000,
    component: 'Component',
    host: 'Node',
  },
  {
    name: 'Hadoop',
    format: '<Date> <Time> <Level> \\[<Process>\\] <Component>: <Content>',
    time: (f) => utc(...isoDay(f.Date), ...clock(f.Time)),
    level: 'Level',
    component: 'Component',
  },
  {
    name: 'Linux',
    format: '<Month> <Date> <Time> <Level> <Component>(\\[<PID>\\])?: <Content>',
    time: (f) => utc(2005, month(f.Month ?? ''), num(f.Date), ...clock(f.Time)),
    level: 'Level',
    component: 'Component',
  },
  {
    name: 'OpenStack',
    format: '<Logrecord> <Date> <Time> <Pid> <Level> <Component> \\[<ADDR>\\] <Content>',
    time: (f) => utc(...isoDay(f.Date), ...clock(f.Time)),
    level: 'Level',
    component: 'Component',
  },
  {
    name: 'Spark',
    format: '<Date> <Time> <Level> <Component>: <Content>',
    time: (f) => {
      const [y, mo, d] = isoDay(f.Date);
      return utc(2000 + y, mo, d, ...clock(f.Time));
    },
    level: 'Level',
    component: 'Component',
  },
  {
    name: 'Windows',
    format: '<Date> <Time>, <Level>                  <Component>    <Content>',
    time: (f) => utc(...isoDay(f.Date), ...clock(f.Time)),
    level: 'Level',
    component: 'Component',
  },
];

interface Line {
  record: LogRecord;
  label: string | null;
}

function toRecord(spec: DatasetSpec, fields: Fields, index: number): LogRecord {
  const time = spec.time(fields);
  const levelText = spec.level ? (fields[spec.level] ?? '') : '';
  const severityNumber = severityNumberFor(levelText);
  const host = spec.host ? (fields[spec.host] ?? '') : '';
  return {
    id: `${spec.name}-${index + 1}`,
    time: Number.isFinite(time) ? time : 0,
    observedTime: Number.isFinite(time) ? time : 0,
    severityNumber,
    // A level word we do not know (Linux's host column) is not a severity.
    severityText: severityNumber > 0 ? levelText : '',
    body: fields.Content ?? '',
    component: (spec.component ? fields[spec.component] : undefined) || spec.name.toLowerCase(),
    resource: host ? { 'host.name': host } : {},
    attributes: {},
    traceId: null,
    spanId: null,
  };
}

function readLines(dir: string, spec: DatasetSpec): Line[] {
  const format = compileLogFormat(spec.format);
  const text = readFileSync(resolve(dir, spec.name, `${spec.name}_2k.log`), 'utf8');
  const lines: Line[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    // BGL: the first field is the label ('-' = normal). It is cut off here and never reaches the detector.
    const space = raw.indexOf(' ');
    const label = spec.name === 'BGL' ? raw.slice(0, space) : null;
    const line = spec.name === 'BGL' ? raw.slice(space + 1) : raw;
    const fields = parseLogLine(format, line) ?? { Content: line };
    lines.push({ record: toRecord(spec, fields, index), label });
  });
  return lines;
}

interface RunResult {
  dataset: string;
  lines: number;
  flagged: number;
  flaggedShare: number;
  labelled?: {
    tp: number;
    fp: number;
    fn: number;
    tn: number;
    precision: number;
    recall: number;
    f1: number;
  };
  flaggedSamples?: string[];
  missedSamples?: string[];
}

function score(lines: Line[], flags: boolean[]): NonNullable<RunResult['labelled']> {
  let [tp, fp, fn, tn] = [0, 0, 0, 0];
  lines.forEach((line, i) => {
    const truth = line.label !== null && line.label !== '-';
    if (flags[i] && truth) tp += 1;
    else if (flags[i]) fp += 1;
    else if (truth) fn += 1;
    else tn += 1;
  });
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, tn, precision, recall, f1 };
}

/** One miner per component, as the anomaly detector agent runs them. */
function mineAll(lines: Line[]): MinedEvent[] {
  const miners = new Map<string, TemplateMiner>();
  return lines.map(({ record }) => {
    let miner = miners.get(record.component);
    if (!miner) miners.set(record.component, (miner = createTemplateMiner()));
    return { record, ...miner.mine(record.body) };
  });
}

function run(
  dir: string,
  spec: DatasetSpec,
  verbose: boolean,
): { result: RunResult; events: MinedEvent[] } {
  const lines = readLines(dir, spec);
  const events = mineAll(lines);
  const ensemble = createEnsemble();
  const flags = events.map((event) => ensemble.evaluate(event).isAnomaly);
  const flagged = flags.filter(Boolean).length;
  const result: RunResult = {
    dataset: spec.name,
    lines: lines.length,
    flagged,
    flaggedShare: flagged / lines.length,
  };
  if (spec.name === 'BGL') result.labelled = score(lines, flags);
  if (verbose) {
    const sample = (pick: (line: Line, i: number) => boolean): string[] =>
      lines
        .filter(pick)
        .map((l) => `${l.label ?? ''} ${l.record.severityText} ${l.record.body.slice(0, 110)}`);
    result.flaggedSamples = sample(
      (l, i) => flags[i] === true && (l.label === null || l.label === '-'),
    );
    result.missedSamples = sample(
      (l, i) => flags[i] !== true && l.label !== null && l.label !== '-',
    );
  }
  return { result, events };
}

/**
 * Detection only (mining excluded): every set replayed through fresh ensembles, best of a few rounds.
 * Measured in process CPU time, so other work on a shared machine does not count against it.
 */
function benchmark(
  eventSets: MinedEvent[][],
  rounds = 5,
): { events: number; microsPerEvent: number; eventsPerSecond: number } {
  const total = eventSets.reduce((sum, events) => sum + events.length, 0);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round += 1) {
    const started = process.cpuUsage();
    for (const events of eventSets) {
      const ensemble = createEnsemble();
      for (const event of events) ensemble.evaluate(event);
    }
    const used = process.cpuUsage(started);
    best = Math.min(best, used.user + used.system);
  }
  const microsPerEvent = best / total;
  return { events: total, microsPerEvent, eventsPerSecond: Math.round(1e6 / microsPerEvent) };
}

const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;

function printText(results: RunResult[]): void {
  for (const r of results) {
    console.log(
      `${r.dataset.padEnd(10)} lines ${r.lines}  flagged ${String(r.flagged).padStart(4)} (${pct(r.flaggedShare)})`,
    );
    if (r.labelled) {
      const m = r.labelled;
      console.log(
        `           precision ${m.precision.toFixed(3)}  recall ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}  (tp ${m.tp} fp ${m.fp} fn ${m.fn} tn ${m.tn})`,
      );
    }
    for (const s of r.flaggedSamples ?? []) console.log(`   flagged(unlabelled/normal): ${s}`);
    for (const s of r.missedSamples ?? []) console.log(`   missed: ${s}`);
  }
}

function main(argv: string[]): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const dir = process.env.VIGIL_DATASETS_DIR ?? resolve(root, '../shared/datasets/loghub');
  if (!existsSync(resolve(dir, 'BGL'))) {
    console.error(`Loghub datasets not found in ${dir} (set VIGIL_DATASETS_DIR).`);
    process.exitCode = 1;
    return;
  }
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  const specs = DATASETS.filter((spec) => only === undefined || spec.name === only);
  const runs = specs.map((spec) => run(dir, spec, argv.includes('--verbose')));
  const results = runs.map((r) => r.result);
  const speed = benchmark(runs.map((r) => r.events));
  if (argv.includes('--json')) {
    console.log(
      JSON.stringify(
        { datasetsDir: dir, config: DEFAULT_DETECTOR_CONFIG, results, speed },
        null,
        2,
      ),
    );
    return;
  }
  printText(results);
  console.log(
    `detection only: ${speed.microsPerEvent.toFixed(2)} µs/event of CPU time, ${speed.eventsPerSecond} events/s per core (${speed.events} events, fresh ensembles, best of 5 rounds)`,
  );
}

main(process.argv.slice(2));
