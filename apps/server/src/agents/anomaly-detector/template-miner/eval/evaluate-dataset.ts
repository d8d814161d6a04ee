import { readFileSync } from 'node:fs';
import { createTemplateMiner, type TemplateMinerOptions } from '../template-miner';
import { parseCsvRecords } from './csv';
import type { DatasetSpec } from './datasets';
import { compileLogFormat, parseLogLine } from './log-format';
import { groupF1, groupingAccuracy, parsingAccuracy } from './metrics';

export interface DatasetResult {
  name: string;
  GA: number;
  PA: number;
  FGA: number;
  PGA: number;
  RGA: number;
  /** Templates mined. */
  templates: number;
  /** Templates in the corrected ground truth. */
  truthTemplates: number;
  lines: number;
}

/** Every line of a dataset with what the miner made of it and what the two truths say. */
export interface MinedLine {
  content: string;
  templateId: string;
  template: string;
  /** `_structured.csv` EventId, '' when the line is not scored. */
  truthId: string;
  /** `_structured_corrected.csv` EventTemplate, '' when the line is not scored. */
  truthTemplate: string;
}

/** Mines the content lines of a dataset in order; templates are read after the last line. */
export function mineDataset(spec: DatasetSpec, options?: TemplateMinerOptions): MinedLine[] {
  const format = compileLogFormat(spec.format);
  const contents: string[] = [];
  for (const line of readFileSync(spec.log, 'utf8').split(/\r?\n/)) {
    const fields = parseLogLine(format, line.trim());
    if (fields) contents.push(fields.Content ?? '');
  }
  const structured = parseCsvRecords(readFileSync(spec.structured, 'utf8'));
  const corrected = parseCsvRecords(readFileSync(spec.structuredCorrected, 'utf8'));
  if (structured.length !== contents.length || corrected.length !== contents.length) {
    throw new Error(
      `${spec.name}: ${contents.length} log lines fit the format but the ground truths have ` +
        `${structured.length} and ${corrected.length} rows`,
    );
  }
  const miner = createTemplateMiner(options);
  const ids = contents.map((content) => miner.mine(content).templateId);
  return contents.map((content, i) => {
    const info = miner.lookup(ids[i] ?? '');
    const truth = structured[i];
    return {
      content,
      templateId: info?.templateId ?? ids[i] ?? '',
      template: info?.template ?? '',
      truthId: truth?.EventTemplate ? (truth.EventId ?? '') : '',
      truthTemplate: corrected[i]?.EventTemplate ?? '',
    };
  });
}

/**
 * GA against the original truth (EventId groups), PA and FGA against the corrected truth (template
 * text), each over the lines whose truth template is not empty.
 */
export function evaluateDataset(spec: DatasetSpec, options?: TemplateMinerOptions): DatasetResult {
  const lines = mineDataset(spec, options);
  const forGa = lines.filter((line) => line.truthId !== '');
  const forPa = lines.filter((line) => line.truthTemplate !== '');
  const f1 = groupF1(
    forPa.map((line) => line.truthTemplate.trim().replace(/\s+/g, ' ')),
    forPa.map((line) => line.templateId),
  );
  return {
    name: spec.name,
    GA: groupingAccuracy(
      forGa.map((line) => line.truthId),
      forGa.map((line) => line.templateId),
    ),
    PA: parsingAccuracy(
      forPa.map((line) => line.truthTemplate),
      forPa.map((line) => line.template),
    ),
    FGA: f1.f1,
    PGA: f1.precision,
    RGA: f1.recall,
    templates: new Set(lines.map((line) => line.templateId)).size,
    truthTemplates: f1.truthGroups,
    lines: lines.length,
  };
}
