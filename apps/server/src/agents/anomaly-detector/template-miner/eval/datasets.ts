import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** One log file with its header format and its two ground truths. */
export interface DatasetSpec {
  name: string;
  log: string;
  format: string;
  structured: string;
  structuredCorrected: string;
}

/** The Loghub 2k header formats (from the datasets' README). */
export const LOGHUB_FORMATS: Readonly<Record<string, string>> = {
  Android: '<Date> <Time>  <Pid>  <Tid> <Level> <Component>: <Content>',
  Apache: '\\[<Time>\\] \\[<Level>\\] <Content>',
  BGL: '<Label> <Timestamp> <Date> <Node> <Time> <NodeRepeat> <Type> <Component> <Level> <Content>',
  HDFS: '<Date> <Time> <Pid> <Level> <Component>: <Content>',
  HPC: '<LogId> <Node> <Component> <State> <Time> <Flag> <Content>',
  Hadoop: '<Date> <Time> <Level> \\[<Process>\\] <Component>: <Content>',
  Linux: '<Month> <Date> <Time> <Level> <Component>(\\[<PID>\\])?: <Content>',
  OpenStack: '<Logrecord> <Date> <Time> <Pid> <Level> <Component> \\[<ADDR>\\] <Content>',
  Spark: '<Date> <Time> <Level> <Component>: <Content>',
  Windows: '<Date> <Time>, <Level>                  <Component>    <Content>',
};

/** The ten Loghub 2k sets laid out as `DIR/X/X_2k.log…`. */
export function loghubDatasets(dir: string): DatasetSpec[] {
  return Object.entries(LOGHUB_FORMATS).map(([name, format]) => {
    const base = join(dir, name, `${name}_2k.log`);
    return {
      name,
      log: base,
      format,
      structured: `${base}_structured.csv`,
      structuredCorrected: `${base}_structured_corrected.csv`,
    };
  });
}

/** Reads a JSON list of `{name, log, format, structured, structured_corrected}`; paths may be relative to the file. */
export function readDatasetList(file: string): DatasetSpec[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of datasets`);
  const base = dirname(resolve(file));
  const path = (value: string) => (isAbsolute(value) ? value : resolve(base, value));
  return parsed.map((entry: unknown, index) => {
    const field = (key: string): string => {
      const value =
        typeof entry === 'object' && entry !== null
          ? (entry as Record<string, unknown>)[key]
          : undefined;
      if (typeof value !== 'string' || value === '')
        throw new Error(`${file}: datasets[${index}].${key} must be a non-empty string`);
      return value;
    };
    return {
      name: field('name'),
      log: path(field('log')),
      format: field('format'),
      structured: path(field('structured')),
      structuredCorrected: path(field('structured_corrected')),
    };
  });
}
