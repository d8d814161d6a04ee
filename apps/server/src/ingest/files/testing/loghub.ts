import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The loghub 2k samples the team keeps beside the repo (test data only, never shipped). */
export const LOGHUB_DIR = '/work/shared/datasets/loghub';
export const hasLoghub = existsSync(LOGHUB_DIR);

/** The header formats from the loghub README, one per dataset. */
export const LOGHUB_FORMATS: Record<string, string> = {
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

export function loghubLines(dataset: string): string[] {
  const text = readFileSync(join(LOGHUB_DIR, dataset, `${dataset}_2k.log`), 'utf8');
  return text.split('\n').filter((line, i, all) => line !== '' || i < all.length - 1);
}

/** Rows of `X_2k.log_structured.csv` as objects keyed by the header row. */
export function loghubStructured(dataset: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(
    readFileSync(join(LOGHUB_DIR, dataset, `${dataset}_2k.log_structured.csv`), 'utf8'),
  );
  if (header === undefined) return [];
  return rows
    .filter((row) => row.length === header.length)
    .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
